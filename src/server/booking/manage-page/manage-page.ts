/**
 * GET /booking/manage?token=T: the page the booking's mails link to. Like the newsletter's
 * link pages it only looks (`booking.manage`): mail scanners follow links, so moving or
 * cancelling is the page's buttons' work (POST /api/booking/reschedule and /cancel). It
 * sends no referrer and is kept by no cache: the address carries the token.
 */
import { Hono, type Context as HonoCtx } from 'hono';
import { manageTokenField } from '#shared/booking-request';
import { LINK_PAGE_STATUSES, pageRefusal } from '#server/http/page-refusal';
import type { AppEnv } from '#server/http/hono-env';
import { requestContext } from '#server/http/rest';
import { createCallerFactory, router, type AppDeps } from '#server/http/trpc';
import { DEFAULT_BRAND, siteBrand } from '#server/site/site-brand';
import { linkPageAssets } from '#server/http/page-assets';
import { bookingCallProcedures } from '../call-router';
import { readBookingSettings } from '../settings';
import { renderManagePage, type ManagePageView } from './manage-html';
import { siteSettings } from '#server/site/site-settings';

/** The page's script, an entry of the home page's build (vite.config.ts). */
export const MANAGE_PAGE_ENTRY = 'src/client/booking-manage-main.ts';

const callBooking = createCallerFactory(router(bookingCallProcedures));

export function bookingManagePage(deps: AppDeps, clientDir: string | undefined) {
  return new Hono<AppEnv>().get('/booking/manage', async (c) => {
    const { view, status } = await viewOf(c, deps);
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    const brand = await siteBrand(deps.db).catch(() => DEFAULT_BRAND);
    const assets = await linkPageAssets(clientDir, MANAGE_PAGE_ENTRY);
    return c.html(renderManagePage(view, assets, brand), status);
  });
}

async function viewOf(
  c: HonoCtx<AppEnv>,
  deps: AppDeps,
): Promise<{ view: ManagePageView; status: 200 | 404 | 429 | 500 | 503 }> {
  const token = c.req.query('token');
  if (!manageTokenField.safeParse(token).success) return { view: { state: 'dead' }, status: 404 };
  try {
    const booking = await callBooking(requestContext(c, deps)).manage({ token: token! });
    const { timezone } = await readBookingSettings(deps.db, (await siteSettings(deps)).timeZone);
    return { view: { state: 'booking', booking, token: token!, timeZone: timezone }, status: 200 };
  } catch (error) {
    const { status } = pageRefusal(c, deps.logger, error, LINK_PAGE_STATUSES);
    return { view: { state: status === 404 ? 'dead' : 'unavailable' }, status };
  }
}
