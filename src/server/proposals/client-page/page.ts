/**
 * The client's proposal page (docs/proposals.md, "The client's page"), complete without
 * JavaScript:
 * - GET /p/:token: the page (an unknown token: the page saying so, 404);
 * - POST /p/:token/accept and /p/:token/decline: plain form posts
 *   (application/x-www-form-urlencoded). Done: 303 back to the page (Post/Redirect/Get), which
 *   then says what happened. Refused: the page again with the typed values kept and each
 *   field's problem (400), or what stands in the way (409, 429 with Retry-After, 503).
 * - GET /p/:token/pdf: the PDF of the version the page shows, with its certificate once
 *   accepted (signed-pdf/stored-pdf.ts), behind the page's own look-up and throttle.
 * Each calls the public procedures (router.ts), so the page and the JSON API keep one set of
 * rules. The answers name one person's link: no cache keeps them and no other site gets it as
 * a referrer.
 */
import { buyerFromText } from '#shared/invoices/buyer';
import { Hono, type Context as HonoCtx } from 'hono';
import type {
  AcceptField,
  AcceptFormState,
  DeclineFormState,
  ProposalPageView,
} from '#shared/proposal-page/page-body';
import type { ClientProposal } from '#shared/shapes/proposal-page';
import {
  BUYER_FIELDS,
  type BuyerField,
  type BuyerFormState,
} from '#shared/proposal-page/buyer-form';
import { LINK_PAGE_STATUSES, pageRefusal } from '#server/http/page-refusal';
import type { AppEnv } from '#server/http/hono-env';
import { FORM_REFUSALS, formOf } from '#server/http/form-post';
import { requestContext } from '#server/http/rest';
import { createCallerFactory, type AppDeps } from '#server/http/trpc';
import { linkPageAssets } from '#server/http/page-assets';
import { DEFAULT_BRAND, siteBrand } from '#server/site/site-brand';
import { siteSettings } from '#server/site/site-settings';
import { pdfResponse } from '../signed-pdf/stored-pdf';
import { setLinkPageHeaders } from '#server/http/link-page-headers';
import { CodeSent } from './accept-code';
import { proposalOfToken, shownVersion } from './link';
import { renderProposalPage, type ProposalPage } from './page-html';
import { proposalClientPageRouter } from './router';

const callPage = createCallerFactory(proposalClientPageRouter);

type PageStatus = 200 | 400 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 503;

const ACCEPT_FIELDS: readonly AcceptField[] = ['name', 'email', 'code', 'agree'];

/** What a form's refusal shows: a link page's statuses, and the forms' own 400 and 409. */
const FORM_STATUSES = [400, ...LINK_PAGE_STATUSES, 409] as const;

/** A filled field, else absent (an empty code field is no code). */
const filled = (form: URLSearchParams, name: string): string | undefined =>
  form.get(name) || undefined;

/** What every answer of the page is made with. */
interface PageSite {
  deps: AppDeps;
  /** The built client, for the site's stylesheet; absent in API-only tests. */
  clientDir: string | undefined;
}

export function proposalClientPage(deps: AppDeps, clientDir: string | undefined) {
  const site: PageSite = { deps, clientDir };
  return new Hono<AppEnv>()
    .get('/p/:token', (c) => showPage(c, site, c.req.param('token')))
    .post('/p/:token/accept', (c) => acceptPosted(c, site, c.req.param('token')))
    .post('/p/:token/decline', (c) => declinePosted(c, site, c.req.param('token')))
    .post('/p/:token/buyer', (c) => buyerPosted(c, site, c.req.param('token')))
    .get('/p/:token/pdf', (c) => proposalPdf(c, site, c.req.param('token')));
}

async function answer(
  c: HonoCtx<AppEnv>,
  { deps, clientDir }: PageSite,
  page: ProposalPage,
  status: PageStatus,
) {
  // "Pay the deposit" is answered by a redirect to Stripe's Checkout; nowhere else may a form go.
  setLinkPageHeaders(c, deps.config);
  const brand = await siteBrand(deps.db).catch(() => DEFAULT_BRAND);
  // No script: the page's forms need none; the stylesheet is the site's.
  const { stylesheets } = await linkPageAssets(clientDir);
  return c.html(renderProposalPage(page, { stylesheets }, brand), status);
}

/** The page for a refusal that is not about one field: what the error maps to. */
function failure(
  c: HonoCtx<AppEnv>,
  deps: AppDeps,
  error: unknown,
): { page: ProposalPage; status: PageStatus } {
  const { status, message } = pageRefusal(c, deps.logger, error, LINK_PAGE_STATUSES);
  if (status === 404) return { page: { state: 'not-found' }, status };
  return { page: { state: 'unavailable', message }, status };
}

/** The proposal's page with `extra` (a form's state, a problem), or the failure's page. */
async function proposalPage(
  c: HonoCtx<AppEnv>,
  site: PageSite,
  token: string,
  extra: Partial<ProposalPageView>,
  status: PageStatus,
) {
  const { deps } = site;
  let proposal: ClientProposal;
  try {
    proposal = await callPage(requestContext(c, deps)).view({ token });
  } catch (error) {
    const { page, status: failed } = failure(c, deps, error);
    return answer(c, site, page, failed);
  }
  const { timeZone } = await siteSettings(deps);
  const view: ProposalPageView = {
    proposal,
    action: `/p/${encodeURIComponent(token)}`,
    timeZone,
    ...extra,
  };
  return answer(c, site, { state: 'proposal', view }, status);
}

/**
 * A refused answer: field problems (400) go under their fields with what was typed, a code
 * sent shows the code field; a 409, 429 or 503 is said above the forms. Anything else (an
 * unknown token, a fault) is its own page.
 */
async function refused(
  c: HonoCtx<AppEnv>,
  site: PageSite,
  token: string,
  error: unknown,
  form: { accept?: AcceptFormState; decline?: DeclineFormState },
) {
  const mapped = pageRefusal(c, site.deps.logger, error, FORM_STATUSES);
  if (mapped.status === 400 && mapped.issues) {
    if (form.accept) {
      const errors: AcceptFormState['errors'] = {};
      for (const issue of mapped.issues) {
        const name = ACCEPT_FIELDS.find((field) => field === issue.path);
        if (name && errors[name] === undefined) errors[name] = issue.message;
      }
      const accept: AcceptFormState =
        error instanceof CodeSent
          ? { values: form.accept.values, errors: {}, codeNote: error.message }
          : { ...form.accept, errors };
      return proposalPage(c, site, token, { accept }, 400);
    }
    if (form.decline) {
      const reason = mapped.issues.find((issue) => issue.path === 'reason')?.message;
      const decline = { ...form.decline, errors: reason ? { reason } : {} };
      return proposalPage(c, site, token, { decline }, 400);
    }
  }
  if (mapped.status === 409 || mapped.status === 429 || mapped.status === 503) {
    return proposalPage(c, site, token, { ...form, problem: mapped.message }, mapped.status);
  }
  // What is left is not the forms' to say: an unknown link, or a fault (a 500).
  if (mapped.status === 404) return answer(c, site, { state: 'not-found' }, 404);
  return answer(c, site, { state: 'unavailable', message: mapped.message }, 500);
}

const done = (c: HonoCtx<AppEnv>, token: string, what: 'accepted' | 'declined' | 'buyer') => {
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'same-origin');
  return c.redirect(`/p/${encodeURIComponent(token)}?done=${what}`, 303);
};

/** GET /p/:token: the page, saying what was done after a form's 303. */
function showPage(c: HonoCtx<AppEnv>, site: PageSite, token: string) {
  const what = c.req.query('done');
  const done = what === 'accepted' || what === 'declined' || what === 'buyer' ? what : undefined;
  return proposalPage(c, site, token, done ? { done } : {}, 200);
}

/** POST /p/:token/accept. */
async function acceptPosted(c: HonoCtx<AppEnv>, site: PageSite, token: string) {
  const { deps } = site;
  const form = await formOf(c, deps);
  if (typeof form === 'number') {
    return proposalPage(c, site, token, { problem: FORM_REFUSALS[form] }, form);
  }
  const values = {
    name: form.get('name') ?? '',
    email: form.get('email') ?? '',
    code: form.get('code') ?? '',
    agree: form.get('agree') !== null,
  };
  try {
    await callPage(requestContext(c, deps)).accept({
      token,
      name: values.name,
      email: values.email,
      agree: values.agree,
      code: filled(form, 'code'),
    });
  } catch (error) {
    return refused(c, site, token, error, { accept: { values, errors: {} } });
  }
  return done(c, token, 'accepted');
}

/** POST /p/:token/decline. */
async function declinePosted(c: HonoCtx<AppEnv>, site: PageSite, token: string) {
  const { deps } = site;
  const form = await formOf(c, deps);
  if (typeof form === 'number') {
    return proposalPage(c, site, token, { problem: FORM_REFUSALS[form] }, form);
  }
  const values = { reason: form.get('reason') ?? '' };
  try {
    await callPage(requestContext(c, deps)).decline({ token, reason: filled(form, 'reason') });
  } catch (error) {
    return refused(c, site, token, error, { decline: { values, errors: {} } });
  }
  return done(c, token, 'declined');
}

/** A refusal's issue path (`buyer.addressLines.1`) as the form's field (`address2`). */
function buyerField(path: string): BuyerField | undefined {
  const [, field, index] = path.split('.');
  if (field === 'addressLines')
    return `address${Math.min(Number(index ?? 0), 2) + 1}` as BuyerField;
  return BUYER_FIELDS.find((name) => name === field);
}

/** POST /p/:token/buyer: the client's invoicing details (buyer.ts). */
async function buyerPosted(c: HonoCtx<AppEnv>, site: PageSite, token: string) {
  const { deps } = site;
  const form = await formOf(c, deps);
  if (typeof form === 'number') {
    return proposalPage(c, site, token, { problem: FORM_REFUSALS[form] }, form);
  }
  const values = Object.fromEntries(
    BUYER_FIELDS.map((name) => [name, form.get(name) ?? '']),
  ) as BuyerFormState['values'];
  try {
    await callPage(requestContext(c, deps)).buyer({
      token,
      buyer: buyerFromText({
        ...values,
        addressLines: [values.address1, values.address2, values.address3],
      }),
    });
  } catch (error) {
    const mapped = pageRefusal(c, deps.logger, error, FORM_STATUSES);
    if (mapped.status === 400 && mapped.issues) {
      const errors: BuyerFormState['errors'] = {};
      for (const issue of mapped.issues) {
        const name = buyerField(issue.path);
        if (name && errors[name] === undefined) errors[name] = issue.message;
      }
      return proposalPage(c, site, token, { buyer: { values, errors } }, 400);
    }
    return refused(c, site, token, error, {});
  }
  return done(c, token, 'buyer');
}

/** GET /p/:token/pdf: the PDF of the version the page shows. */
async function proposalPdf(c: HonoCtx<AppEnv>, site: PageSite, token: string) {
  const { deps } = site;
  const ctx = requestContext(c, deps);
  try {
    // The page's own answer first: its throttle, its 404, its first view.
    await callPage(ctx).view({ token });
    const row = await shownVersion(deps.db, await proposalOfToken(ctx, token));
    const response = await pdfResponse(deps, row);
    response.headers.set('Referrer-Policy', 'same-origin');
    return response;
  } catch (error) {
    const { page, status } = failure(c, deps, error);
    return answer(c, site, page, status);
  }
}
