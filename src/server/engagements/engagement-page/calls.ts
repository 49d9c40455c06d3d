/**
 * The client's calls from their engagement page (docs/engagements.md, "Calls"). A call's own
 * manage token is kept hashed, so the page cannot link it: GET /e/:token/calls/:id is the
 * booking's manage page for that call, found by (the link's lead, id), and the page's Move and
 * Cancel post the link and the id (booking/engagement-calls.ts, set by the app). Another lead's
 * call answers 404; a change through a closed engagement 409, through an ended link 410.
 */
import { and, eq } from 'drizzle-orm';
import type { Context as HonoCtx } from 'hono';
import { bookings } from '#db/schema';
import type { EngagementCallLookup } from '#server/booking/engagement-calls';
import { managedCallPage } from '#server/booking/manage-page/manage-page';
import type { AppEnv } from '#server/http/hono-env';
import type { AppDeps } from '#server/http/trpc';
import { engagementOfToken, writableEngagement } from '../link';

/** The call of the link's lead with that id; a change needs an engagement still open. */
export const callOfEngagementLink: EngagementCallLookup = async (ctx, link) => {
  const ref = await engagementOfToken(ctx, link.token);
  if (link.change) writableEngagement(ref);
  return ctx.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, link.call), eq(bookings.leadId, ref.leadId)))
    .get();
};

/** GET /e/:token/calls/:id: the manage page of that call, kept out of search engines too. */
export async function engagementCallPage(
  c: HonoCtx<AppEnv>,
  deps: AppDeps,
  clientDir: string | undefined,
): Promise<Response> {
  const response = await managedCallPage(c, deps, clientDir, {
    token: c.req.param('token'),
    call: c.req.param('id'),
  });
  response.headers.set('X-Robots-Tag', 'noindex');
  return response;
}
