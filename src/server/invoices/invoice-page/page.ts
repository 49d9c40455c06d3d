/**
 * The client's invoice page (docs/invoices.md, "The client's page"), complete without
 * JavaScript and with none at all:
 * - GET /i/:token: the page (an unknown token: the page saying so, 404);
 * - POST /i/:token/checkout: "Pay by card" as a plain form: 303 to Stripe's Checkout, or the
 *   page again saying what stands in the way (409, 429 with Retry-After, 503);
 * - GET /i/:token/pdf and /i/:token/xml: the document's files, the same bytes every time;
 * - GET /i/checkout/:session: where Stripe sends the client back; it names the session, never
 *   the token, and says where the payment stands.
 * Each calls the public procedures (router.ts) or their own look-up, so the page and the JSON
 * API keep one set of rules. The answers name one person's link: no cache keeps them and no
 * other site gets them as a referrer.
 */
import { eq } from 'drizzle-orm';
import { Hono, type Context as HonoCtx } from 'hono';
import { invoiceCheckouts, invoices } from '#db/schema';
import { escapeHtml as e } from '#shared/escape-html';
import {
  INVOICE_PAGE_TEXTS as T,
  invoicePageBody,
  type InvoicePageView,
} from '#shared/invoice-page/page-body';
import { focusRing } from '#shared/ui-styles';
import { clientIp } from '#server/http/context';
import { isCrossSite } from '#server/http/cross-site';
import type { AppEnv } from '#server/http/hono-env';
import { linkPageAssets } from '#server/http/page-assets';
import { LINK_PAGE_STATUSES, pageRefusal } from '#server/http/page-refusal';
import { renderPageShell } from '#server/http/page-shell';
import { requestContext } from '#server/http/rest';
import { setLinkPageHeaders } from '#server/http/link-page-headers';
import { createCallerFactory, type AppDeps } from '#server/http/trpc';
import { lookedUpLink } from '#server/platform/link-misses';
import { DEFAULT_BRAND, siteBrand } from '#server/site/site-brand';
import { documentResponse } from '../files';
import { invoiceOfToken } from './link';
import { invoiceClientPageRouter } from './router';

const callPage = createCallerFactory(invoiceClientPageRouter);
const SESSION_ID = /^cs_[A-Za-z0-9_]{8,250}$/;

type Page =
  | { state: 'invoice'; view: InvoicePageView }
  | { state: 'not-found' }
  | { state: 'message'; heading: string; text: string };

interface PageSite {
  deps: AppDeps;
  clientDir: string | undefined;
}

const home = `<p class="mt-10 text-center"><a href="/" class="inline-block rounded-lg font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800 ${focusRing}">${T.home}</a></p>`;

async function answer(
  c: HonoCtx<AppEnv>,
  { deps, clientDir }: PageSite,
  page: Page,
  status: number,
) {
  setLinkPageHeaders(c, deps.config);
  const company = await siteBrand(deps.db).catch(() => DEFAULT_BRAND);
  const { stylesheets } = await linkPageAssets(clientDir);
  const shell = {
    company,
    assets: { stylesheets },
    withScript: false,
    themeScript: false,
    mainClass: 'flex flex-1 items-start justify-center px-4 py-8 sm:py-12',
  };
  const small =
    'w-full max-w-lg rounded-2xl border border-line bg-surface p-6 text-center shadow-lg sm:p-8';
  const html =
    page.state === 'invoice'
      ? renderPageShell({
          ...shell,
          heading: T.title(page.view.invoice),
          cardClass:
            'w-full max-w-3xl rounded-2xl border border-line bg-surface p-5 text-left shadow-lg sm:p-8',
          body: `${invoicePageBody(page.view)}${home}`,
        })
      : renderPageShell({
          ...shell,
          heading: page.state === 'not-found' ? T.notFoundHeading : page.heading,
          cardClass: small,
          body: `<p class="mt-3 text-muted">${e(page.state === 'not-found' ? 'This link is not valid: it may have been replaced by a newer e-mail. Write to us for a new one.' : page.text)}</p>${home}`,
        });
  return c.html(html, status as 200);
}

async function invoicePage(
  c: HonoCtx<AppEnv>,
  site: PageSite,
  token: string,
  problem?: string,
  status = 200,
) {
  try {
    const invoice = await callPage(requestContext(c, site.deps)).view({ token });
    const view = {
      invoice,
      action: `/i/${encodeURIComponent(token)}`,
      ...(problem && { problem }),
    };
    return await answer(c, site, { state: 'invoice', view }, status);
  } catch (error) {
    const mapped = pageRefusal(c, site.deps.logger, error, LINK_PAGE_STATUSES);
    if (mapped.status === 404) return answer(c, site, { state: 'not-found' }, 404);
    return answer(
      c,
      site,
      { state: 'message', heading: T.unavailableHeading, text: mapped.message },
      mapped.status,
    );
  }
}

async function checkoutPosted(c: HonoCtx<AppEnv>, site: PageSite, token: string) {
  if (await isCrossSite(c, site.deps)) {
    return answer(
      c,
      site,
      {
        state: 'message',
        heading: T.unavailableHeading,
        text: 'This form can only be sent from its own page.',
      },
      403,
    );
  }
  try {
    const { url } = await callPage(requestContext(c, site.deps)).checkout({ token });
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'same-origin');
    return c.redirect(url, 303);
  } catch (error) {
    const mapped = pageRefusal(c, site.deps.logger, error, [...LINK_PAGE_STATUSES, 409]);
    if (mapped.status === 404) return answer(c, site, { state: 'not-found' }, 404);
    return invoicePage(c, site, token, mapped.message, mapped.status);
  }
}

async function file(c: HonoCtx<AppEnv>, site: PageSite, token: string, extension: 'pdf' | 'xml') {
  const { deps } = site;
  try {
    const row = await invoiceOfToken(
      { ...deps, req: { ip: clientIp(c, deps.config.trustProxy) } },
      token,
    );
    const response = await documentResponse(deps.db, row, extension);
    response.headers.set('Referrer-Policy', 'same-origin');
    return response;
  } catch (error) {
    const mapped = pageRefusal(c, deps.logger, error, LINK_PAGE_STATUSES);
    if (mapped.status === 404) return answer(c, site, { state: 'not-found' }, 404);
    return answer(
      c,
      site,
      { state: 'message', heading: T.unavailableHeading, text: mapped.message },
      mapped.status,
    );
  }
}

/** Back from Stripe: what became of the payment, found by the session the page made. */
async function checkoutReturn(c: HonoCtx<AppEnv>, site: PageSite, sessionId: string) {
  const { deps } = site;
  const cancelled = c.req.query('cancelled') !== undefined;
  const found = await lookedUpLink(
    { ...deps, req: { ip: clientIp(c, deps.config.trustProxy) } },
    async () => {
      if (!SESSION_ID.test(sessionId)) return undefined;
      const asked = await deps.db
        .select()
        .from(invoiceCheckouts)
        .where(eq(invoiceCheckouts.sessionId, sessionId))
        .get();
      if (!asked) return undefined;
      const invoice = await deps.db
        .select({ number: invoices.number })
        .from(invoices)
        .where(eq(invoices.id, asked.invoiceId))
        .get();
      return { number: invoice?.number ?? '' };
    },
  ).catch(() => undefined);
  if (!found) return answer(c, site, { state: 'not-found' }, 404);
  const page: Page = cancelled
    ? {
        state: 'message',
        heading: 'Payment cancelled',
        text: `Nothing was charged. To pay invoice ${found.number}, open it from the link in its e-mail.`,
      }
    : {
        state: 'message',
        heading: 'Thank you',
        text: `Stripe is confirming your payment for invoice ${found.number}. The invoice's page shows it once it is confirmed.`,
      };
  return answer(c, site, page, 200);
}

export function invoiceClientPages(deps: AppDeps, clientDir: string | undefined) {
  const site: PageSite = { deps, clientDir };
  return new Hono<AppEnv>()
    .get('/i/checkout/:session', (c) => checkoutReturn(c, site, c.req.param('session')))
    .get('/i/:token', (c) => invoicePage(c, site, c.req.param('token')))
    .post('/i/:token/checkout', (c) => checkoutPosted(c, site, c.req.param('token')))
    .get('/i/:token/pdf', (c) => file(c, site, c.req.param('token'), 'pdf'))
    .get('/i/:token/xml', (c) => file(c, site, c.req.param('token'), 'xml'));
}
