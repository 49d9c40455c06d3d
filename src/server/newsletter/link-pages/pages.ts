import { Hono, type Context as HonoCtx } from 'hono';
import { tokenField } from '#shared/newsletter';
import { LINK_PAGE_STATUSES, pageRefusal } from '#server/http/page-refusal';
import type { AppEnv } from '#server/http/hono-env';
import { requestContext } from '#server/http/rest';
import { createCallerFactory, type AppDeps } from '#server/http/trpc';
import { newsletterRouter } from '../router';
import { DEFAULT_BRAND, siteBrand } from '#server/site/site-brand';
import { linkPageAssets } from '#server/http/page-assets';
import { renderLinkPage, type LinkPageView } from './page-html';
import type { LinkKind } from './texts';

/** The newsletter's procedures, called in process by the pages. */
const linkStateCaller = createCallerFactory(newsletterRouter);

/**
 * GET /newsletter/confirm?token=T and /newsletter/unsubscribe?token=T: the pages the
 * newsletter's mails link to. A GET only looks (`newsletter.linkState`) and never changes
 * anything, since mail scanners follow links; the page's button makes the change.
 */
export function newsletterLinkPages(deps: AppDeps, clientDir: string | undefined) {
  const page = (kind: LinkKind) => async (c: HonoCtx<AppEnv>) => {
    const { view, status } = await viewOf(c, deps, kind);
    // Each answer is about one person's link: no cache keeps it, and no page it leads to
    // (the site's home, through the logo) learns its address with the token as referrer.
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    // The brand is the page's frame: whatever keeps it from being read, the page still answers.
    const brand = await siteBrand(deps.db).catch(() => DEFAULT_BRAND);
    const assets = await linkPageAssets(clientDir);
    return c.html(renderLinkPage(view, assets, brand), status);
  };
  return new Hono<AppEnv>()
    .get('/newsletter/confirm', page('confirm'))
    .get('/newsletter/unsubscribe', page('unsubscribe'));
}

async function viewOf(
  c: HonoCtx<AppEnv>,
  deps: AppDeps,
  kind: LinkKind,
): Promise<{ view: LinkPageView; status: 200 | 404 | 429 | 500 | 503 }> {
  const token = c.req.query('token');
  // A malformed token (a link cut short by a mail program) is as dead as an unknown one, and
  // needs no look at the database.
  if (!tokenField.safeParse(token).success)
    return { view: { state: 'invalid', kind }, status: 404 };
  try {
    const state = await linkStateCaller(requestContext(c, deps)).linkState({ token: token!, kind });
    return state === 'valid'
      ? { view: { state: 'valid', kind, token: token! }, status: 200 }
      : { view: { state: 'invalid', kind }, status: 404 };
  } catch (error) {
    // Still a page, never the API's JSON: the reader came from a mail.
    const { status } = pageRefusal(c, deps.logger, error, LINK_PAGE_STATUSES);
    return status === 404
      ? { view: { state: 'invalid', kind }, status }
      : { view: { state: 'unavailable' }, status };
  }
}
