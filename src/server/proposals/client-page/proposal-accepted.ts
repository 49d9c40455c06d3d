/**
 * What follows an acceptance in its own write transaction (docs/engagements.md, "Opening"):
 * the engagements feature opens the work's page and its first link. Engagements build on
 * proposals, so the app sets the effect (app/app-router.ts), as it sets deposit-paid.ts's.
 * The effect answers the page's path (`/e/<token>`) for the client's copy of the acceptance,
 * the one mail that carries it (sealed in the outbox); null when nothing was opened.
 */
import type { Db } from '#db';
import { appHook } from '#server/platform/app-hook';

export interface ProposalAccepted {
  proposalId: number;
  leadId: number;
  title: string;
  now: Date;
}

export type ProposalAcceptedEffect = (
  tx: Db,
  accepted: ProposalAccepted,
) => Promise<{ pagePath: string } | null>;

const effect = appHook<ProposalAcceptedEffect>(null);

/** Sets the one effect of an acceptance (the app does, once). */
export const onProposalAccepted = effect.set;

/** Runs it inside the acceptance's transaction: a failure rolls the acceptance back too. */
export const proposalAccepted = effect.run;
