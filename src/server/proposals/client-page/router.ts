/**
 * The client's side of a proposal (docs/api.md, "Proposals: the client's page"): read it
 * through the link's token, accept it, decline it. Public: the token is the key. The page at
 * `/p/<token>` (page.ts) calls these same procedures, so its forms and the JSON API keep one
 * set of rules.
 */
import { publicProcedure, router } from '#server/http/trpc';
import { throttleOutranksInput } from '#server/http/public-form';
import {
  proposalAcceptInput,
  proposalBuyerInput,
  proposalDeclineInput,
  proposalTokenInput,
} from '#shared/proposal-page/inputs';
import { outputs } from '#shared/shapes/proposal-page';
import { acceptProposal } from './accept';
import { actionAddressBucket } from './answer-rules';
import { saveClientBuyer } from './buyer';
import { declineProposal } from './decline';
import { markViewed } from './first-view';
import { clientProposal, proposalOfToken, shownVersion } from './link';
import { PROPOSAL_ACTIONS } from './throttle-rules';

export const proposalClientPageProcedures = {
  /** The proposal as its client sees it; the first view marks it viewed (first-view.ts). */
  view: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/p/:token', answer: { key: 'proposal' } } })
    .input(proposalTokenInput)
    .output(outputs.view)
    .query(async ({ ctx, input }) => {
      const link = await proposalOfToken(ctx, input.token);
      const shown = await markViewed(ctx, await shownVersion(ctx.db, link));
      return clientProposal(ctx, link, shown);
    }),

  accept: publicProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/p/:token/accept',
        body: 'json',
        answer: { key: 'proposal' },
      },
    })
    .use(throttleOutranksInput(actionAddressBucket, PROPOSAL_ACTIONS))
    .input(proposalAcceptInput)
    .output(outputs.accept)
    .mutation(({ ctx, input }) => acceptProposal(ctx, input)),

  decline: publicProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/p/:token/decline',
        body: 'optional',
        answer: { key: 'proposal' },
      },
    })
    .use(throttleOutranksInput(actionAddressBucket, PROPOSAL_ACTIONS))
    .input(proposalDeclineInput)
    .output(outputs.decline)
    .mutation(({ ctx, input }) => declineProposal(ctx, input)),

  /** The client's invoicing details, once accepted: the lead's buyer (buyer.ts). */
  buyer: publicProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/p/:token/buyer',
        body: { into: 'buyer' },
        answer: { key: 'proposal' },
      },
    })
    .use(throttleOutranksInput(actionAddressBucket, PROPOSAL_ACTIONS))
    .input(proposalBuyerInput)
    .output(outputs.buyer)
    .mutation(({ ctx, input }) => saveClientBuyer(ctx, input)),
};

export const proposalClientPageRouter = router(proposalClientPageProcedures);
