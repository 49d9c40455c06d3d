import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '#server/app/app-router';

/**
 * The shapes the API answers. A shape the answers' schemas name is taken from them
 * (src/shared/shapes/, one declaration for one name: docs/architecture.md); the others are
 * inferred from the server's router. Either way a change there changes these, and the type
 * check finds every screen it affects.
 */
type Outputs = inferRouterOutputs<AppRouter>;

export type { Fact, PublicFact, Tag } from '#shared/shapes/facts';
export type { Message } from '#shared/shapes/messages';
export type { Newsletter } from '#shared/shapes/newsletters';
export type { Subscriber } from '#shared/shapes/subscribers';
export type FactWithTags = Outputs['facts']['byId'];
export type StatusCounts = Outputs['subscribers']['list']['counts'];
export type Account = Outputs['account']['get'];
export type AccountSession = Outputs['account']['sessions']['sessions'][number];
/** Mailbox reports kept for the owner: unreadable or unverified (docs/mail.md). */
export type HeldReports = Outputs['mailReports']['unreadable'];
