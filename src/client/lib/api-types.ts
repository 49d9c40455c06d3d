import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '#server/app/app-router';

/**
 * The shapes the API answers, inferred from the server's router: a change there changes
 * these, and the type check finds every screen it affects.
 */
type Outputs = inferRouterOutputs<AppRouter>;

export type Fact = Outputs['facts']['listAll'][number];
export type FactWithTags = Outputs['facts']['byId'];
export type Tag = Outputs['tags']['list'][number];
export type PublicFact = Outputs['facts']['listPublic']['facts'][number];
export type Message = Outputs['messages']['byId'];
export type Subscriber = Outputs['subscribers']['list']['subscribers'][number];
export type StatusCounts = Outputs['subscribers']['list']['counts'];
export type Newsletter = Outputs['newsletters']['byId'];
export type Account = Outputs['account']['get'];
export type AccountSession = Outputs['account']['sessions']['sessions'][number];
/** Mailbox reports kept for the owner: unreadable or unverified (docs/mail.md). */
export type HeldReports = Outputs['mailReports']['unreadable'];
