/**
 * The client's side of an engagement (docs/api.md, "Engagements: the client's page"): read it
 * through the link's token, and ask for the link again. Public: the token is the key. The page
 * at `/e/<token>` (page.ts) calls these same procedures, so its HTML and the JSON keep one set
 * of rules.
 */
import { publicProcedure, router } from '#server/http/trpc';
import { engagementLinkRequestInput, engagementTokenInput } from '#shared/engagements/inputs';
import { outputs } from '#shared/shapes/engagement-page';
import { engagementOfToken } from '../link';
import { engagementRow, engagementNotFound } from '../engagement-store';
import { engagementPageContent } from './content';
import { requestEngagementLink } from './link-request';
import { clientMessage } from '../thread/message-procedure';

export const engagementPageProcedures = {
  /** Declared before `view`: `/api/e/link` is no token. */
  requestLink: publicProcedure
    .meta({
      rest: { method: 'POST', path: '/api/e/link', body: 'json', answer: 'spread' },
    })
    .input(engagementLinkRequestInput)
    .output(outputs.requestLink)
    .mutation(({ ctx, input }) => requestEngagementLink(ctx, input)),

  view: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/e/:token', answer: { key: 'engagement' } } })
    .input(engagementTokenInput)
    .output(outputs.view)
    .query(async ({ ctx, input }) => {
      const ref = await engagementOfToken(ctx, input.token);
      const row = await engagementRow(ctx.db, ref.id);
      if (!row) throw engagementNotFound();
      return engagementPageContent(ctx.db, row, ctx.clock.now(), {
        base: `/e/${encodeURIComponent(input.token)}`,
      });
    }),

  /** The client's message (thread/). */
  message: clientMessage,
};

export const engagementPageRouter = router(engagementPageProcedures);
