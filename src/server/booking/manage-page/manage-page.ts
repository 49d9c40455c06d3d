/**
 * GET /booking/manage?token=T: the page the booking's mails link to. Like the newsletter's
 * link pages it only looks (`booking.manage`): mail scanners follow links, so moving or
 * cancelling is the page's buttons' work (POST /api/booking/reschedule and /cancel). It
 * sends no referrer and is kept by no cache: the address carries the token. The same page
 * serves a call from the client's engagement page (`managedCallPage`, engagement-calls.ts).
 */
import { Hono, type Context as HonoCtx } from 'hono';
import { manageTokenField } from '#shared/booking-request';
import { idField } from '#shared/validation';
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
  return new Hono<AppEnv>().get('/booking/manage', (c) =>
    managedCallPage(c, deps, clientDir, { token: c.req.query('token') }),
  );
}

/** The statuses the page shows; an ended engagement's link (410) reads as a dead link. */
const PAGE_STATUSES = [...LINK_PAGE_STATUSES, 410] as const;

/**
 * The page of one call: by its own token, or by an engagement's link and the call's id
 * (`call`, as the path gave it: anything but an id is a dead link).
 */
export async function managedCallPage(
  c: HonoCtx<AppEnv>,
  deps: AppDeps,
  clientDir: string | undefined,
  link: { token: string | undefined; call?: string },
): Promise<Response> {
  const { view, status } = await viewOf(c, deps, link);
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  const brand = await siteBrand(deps.db).catch(() => DEFAULT_BRAND);
  const assets = await linkPageAssets(clientDir, MANAGE_PAGE_ENTRY);
  return c.html(renderManagePage(view, assets, brand), status);
}

async function viewOf(
  c: HonoCtx<AppEnv>,
  deps: AppDeps,
  link: { token: string | undefined; call?: string },
): Promise<{ view: ManagePageView; status: 200 | 404 | 410 | 429 | 500 | 503 }> {
  const { token } = link;
  const call = link.call === undefined ? undefined : idField.safeParse(link.call);
  if (!manageTokenField.safeParse(token).success || call?.success === false) {
    return { view: { state: 'dead' }, status: 404 };
  }
  try {
    const input = { token: token!, call: call?.data };
    const booking = await callBooking(requestContext(c, deps)).manage(input);
    const { timezone } = await readBookingSettings(deps.db, (await siteSettings(deps)).timeZone);
    return { view: { state: 'booking', booking, ...input, timeZone: timezone }, status: 200 };
  } catch (error) {
    const { status } = pageRefusal(c, deps.logger, error, PAGE_STATUSES);
    return { view: { state: status === 404 || status === 410 ? 'dead' : 'unavailable' }, status };
  }
}
