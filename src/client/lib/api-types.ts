import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '#server/app/app-router';

/**
 * The shapes the API answers that no schema names, inferred from the server's router: a change
 * there changes these, and the type check finds every screen it affects. A shape the answers'
 * schemas name (Fact, Message, Newsletter, Subscriber...) is imported from src/shared/shapes/
 * where it is used (docs/architecture.md, "Written once").
 */
type Outputs = inferRouterOutputs<AppRouter>;

export type FactWithTags = Outputs['facts']['byId'];
export type StatusCounts = Outputs['subscribers']['list']['counts'];
export type Account = Outputs['account']['get'];
export type AccountSession = Outputs['account']['sessions']['sessions'][number];
/** Mailbox reports kept for the owner: unreadable or unverified (docs/mail.md). */
export type HeldReports = Outputs['mailReports']['unreadable'];
