/**
 * The client's engagement page (docs/engagements.md, "What the client sees"), complete without
 * JavaScript:
 * - GET /e/:token: the page; an unknown link 404, an ended one 410, both pages pointing to
 *   /e/link;
 * - GET /e/:token/proposal.pdf: the signed proposal's PDF;
 * - GET /e/:token/invoices/:id/pdf: an issued invoice's PDF, found by (the engagement's lead,
 *   id): another lead's invoice answers 404 (the invoices' own `/i/` tokens are kept hashed,
 *   so the page cannot link to them);
 * - GET /e/:token/calls/:id: move or cancel a call of the lead (calls.ts);
 * - GET /e/link and POST /e/link: ask for the link again as a plain form (link-request.ts);
 * - the files' paths: file-routes.ts.
 * Each calls the public procedures (router.ts) or the same lookup, so the page and the JSON
 * API keep one set of rules. Sent `no-store`, `no-referrer` and `noindex`.
 */
import { and, eq } from 'drizzle-orm';
import { Hono, type Context as HonoCtx } from 'hono';
import type { Db } from '#db';
import { invoices } from '#db/schema';
import { pageRefusal } from '#server/http/page-refusal';
import type { AppEnv } from '#server/http/hono-env';
import { FORM_REFUSALS, formOf } from '#server/http/form-post';
import { requestContext } from '#server/http/rest';
import { createCallerFactory, type AppDeps } from '#server/http/trpc';
import { linkPageAssets } from '#server/http/page-assets';
import { DEFAULT_BRAND, siteBrand } from '#server/site/site-brand';
import { siteSettings } from '#server/site/site-settings';
import { documentResponse } from '#server/invoices/files';
import { proposalRow } from '#server/proposals/proposal-store';
import { pdfResponse } from '#server/proposals/signed-pdf/stored-pdf';
import { engagementLinkNotFound, engagementOfToken } from '../link';
import { engagementRow } from '../engagement-store';
import { engagementCallPage } from './calls';
import { renderEngagementPage, type EngagementPageState } from './page-html';
import { engagementPageRouter } from './router';

const callPage = createCallerFactory(engagementPageRouter);

/** What the page shows of a refusal. */
const PAGE_STATUSES = [404, 410, 429, 503] as const;
type PageStatus = 200 | 400 | 403 | 404 | 409 | 410 | 413 | 415 | 429 | 500 | 503;

/** The built client's folder each app's pages were mounted with, for the owner's preview too. */
const clientDirs = new WeakMap<Db, string | undefined>();

/** The page's HTML (the site's brand and stylesheet), for the client's page and the preview. */
export async function engagementPageHtml(db: Db, view: EngagementPageState): Promise<string> {
  const brand = await siteBrand(db).catch(() => DEFAULT_BRAND);
  const { stylesheets } = await linkPageAssets(clientDirs.get(db));
  return renderEngagementPage(view, { stylesheets }, brand);
}

/** The headers of every answer under /e/: one person's page, kept by no cache, no referrer. */
function linkHeaders(c: HonoCtx<AppEnv>) {
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  c.header('X-Robots-Tag', 'noindex');
}

export async function engagementPageAnswer(
  c: HonoCtx<AppEnv>,
  deps: AppDeps,
  view: EngagementPageState,
  status: PageStatus,
) {
  linkHeaders(c);
  return c.html(await engagementPageHtml(deps.db, view), status);
}

/** The page of a refusal: unknown (404), ended (410), too many (429), or unavailable. */
export function engagementPageRefusal(c: HonoCtx<AppEnv>, deps: AppDeps, error: unknown) {
  const { status, message } = pageRefusal(c, deps.logger, error, PAGE_STATUSES);
  if (status === 404) return engagementPageAnswer(c, deps, { state: 'not-found' }, 404);
  if (status === 410) return engagementPageAnswer(c, deps, { state: 'gone' }, 410);
  return engagementPageAnswer(c, deps, { state: 'unavailable', message }, status);
}

async function showPage(c: HonoCtx<AppEnv>, deps: AppDeps, token: string) {
  try {
    const page = await callPage(requestContext(c, deps)).view({ token });
    const { timeZone } = await siteSettings(deps);
    return await engagementPageAnswer(
      c,
      deps,
      { state: 'engagement', page, timeZone, preview: false },
      200,
    );
  } catch (error) {
    return engagementPageRefusal(c, deps, error);
  }
}

/** A file of the page, after the link's own lookup; `find` answers it or undefined (404). */
async function pageFile(
  c: HonoCtx<AppEnv>,
  deps: AppDeps,
  token: string,
  find: (leadId: number, proposalId: number | null) => Promise<Response | undefined>,
) {
  try {
    const ref = await engagementOfToken(requestContext(c, deps), token);
    const row = await engagementRow(deps.db, ref.id);
    const response = row ? await find(row.leadId, row.proposalId) : undefined;
    if (!response) throw engagementLinkNotFound();
    response.headers.set('Referrer-Policy', 'no-referrer');
    response.headers.set('X-Robots-Tag', 'noindex');
    return response;
  } catch (error) {
    return engagementPageRefusal(c, deps, error);
  }
}

async function proposalPdf(deps: AppDeps, proposalId: number | null) {
  const row = proposalId === null ? undefined : await proposalRow(deps.db, proposalId);
  return row?.status === 'accepted' ? pdfResponse(deps, row) : undefined;
}

async function invoicePdf(deps: AppDeps, leadId: number, idText: string) {
  const id = /^[1-9][0-9]{0,15}$/.test(idText) ? Number(idText) : null;
  if (id === null) return undefined;
  const row = await deps.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.leadId, leadId), eq(invoices.status, 'issued')))
    .get();
  return row ? documentResponse(deps.db, row, 'pdf') : undefined;
}

/** POST /e/link: the neutral answer, or the field's problem (400), or 429. */
async function linkPosted(c: HonoCtx<AppEnv>, deps: AppDeps) {
  const form = await formOf(c, deps);
  if (typeof form === 'number') {
    return engagementPageAnswer(c, deps, { state: 'link-form', error: FORM_REFUSALS[form] }, form);
  }
  const email = form.get('email') ?? '';
  try {
    const { message } = await callPage(requestContext(c, deps)).requestLink({ email });
    return await engagementPageAnswer(c, deps, { state: 'link-form', message }, 200);
  } catch (error) {
    const mapped = pageRefusal(c, deps.logger, error, [400, 429, 503] as const);
    if (mapped.status === 400) {
      return engagementPageAnswer(
        c,
        deps,
        { state: 'link-form', email, error: mapped.message },
        400,
      );
    }
    return engagementPageAnswer(
      c,
      deps,
      { state: 'link-form', email, error: mapped.message },
      mapped.status,
    );
  }
}

export function engagementPages(deps: AppDeps, clientDir: string | undefined) {
  clientDirs.set(deps.db, clientDir);
  return new Hono<AppEnv>()
    .get('/e/link', (c) => engagementPageAnswer(c, deps, { state: 'link-form' }, 200))
    .post('/e/link', (c) => linkPosted(c, deps))
    .get('/e/:token', (c) => showPage(c, deps, c.req.param('token')))
    .get('/e/:token/proposal.pdf', (c) =>
      pageFile(c, deps, c.req.param('token'), (_lead, proposalId) => proposalPdf(deps, proposalId)),
    )
    .get('/e/:token/invoices/:id/pdf', (c) =>
      pageFile(c, deps, c.req.param('token'), (leadId) =>
        invoicePdf(deps, leadId, c.req.param('id')),
      ),
    )
    .get('/e/:token/calls/:id', (c) => engagementCallPage(c, deps, clientDir));
}
