/**
 * What accepting and declining share (docs/proposals.md, "The client's page"): the throttle's
 * places each try takes, and whether the proposal can still be answered.
 */
import { PROPOSAL_PAGE_MESSAGES as M } from '#shared/proposal-page/texts';
import type { ProposalStatus } from '#shared/proposals';
import type { Context } from '#server/http/trpc';
import { addressBucket } from '#server/platform/throttle-buckets';
import type { ThrottleBucket } from '#server/platform/throttle';
import { PROPOSAL_ACTIONS, PROPOSAL_TOKEN_ACTIONS } from './throttle-rules';

/** The client's address's bucket: 10 tries an hour. */
export const actionAddressBucket = (ctx: Context): string =>
  addressBucket(PROPOSAL_ACTIONS.kind, ctx.config.sessionSecret, ctx.req.ip);

/**
 * The places one try takes: the client's address's and the proposal's (the link's own row, so
 * a replaced link counts apart from the newer one's). The deposit's checkout takes the same.
 */
export function proposalActionBuckets(ctx: Context, proposalId: number): ThrottleBucket[] {
  return [
    { bucket: actionAddressBucket(ctx), rule: PROPOSAL_ACTIONS },
    {
      bucket: `${PROPOSAL_TOKEN_ACTIONS.kind}:proposal:${proposalId}`,
      rule: PROPOSAL_TOKEN_ACTIONS,
    },
  ];
}

/**
 * Why a proposal can no longer be accepted or declined (its status as shown: an open one
 * past its day reads `expired`), or null while it can.
 */
export function closedMessage(status: ProposalStatus): string | null {
  switch (status) {
    case 'sent':
    case 'viewed':
      return null;
    case 'accepted':
      return M.alreadyAccepted;
    case 'declined':
      return M.declined;
    case 'expired':
      return M.expired;
    case 'withdrawn':
      return M.withdrawn;
    case 'replaced':
      return M.replaced;
    case 'draft':
      return M.notFound;
  }
}
