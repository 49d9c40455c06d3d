/**
 * The client's testimonial pages (docs/engagements.md, "Testimonials"), complete without
 * JavaScript:
 * - GET /t/:token: the request's form (404 unknown, 410 ended: a page saying so);
 * - POST /t/:token/approve and /t/:token/decline: plain form posts. Done: 303 back to the page
 *   (Post/Redirect/Get), which says what happened. Refused: the form again with what was typed
 *   and each field's problem (400), or what stands in the way (410, 429 with Retry-After).
 * - GET /t/withdraw/:token: a confirm form; POST /t/withdraw/:token withdraws, 303.
 * Each calls the public procedures (router.ts), so the pages and the JSON API keep one set of
 * rules. The answers name one person's link: no cache keeps them, no other site gets it as a
 * referrer, robots are told not to index them.
 */
import { Hono, type Context as HonoCtx } from 'hono';
import {
  TESTIMONIAL_PAGE_TEXTS as T,
  type ClientTestimonialRequest,
} from '#shared/engagements/testimonial-requests';
import type { AppEnv } from '#server/http/hono-env';
import { FORM_REFUSALS, formOf } from '#server/http/form-post';
import { setLinkPageHeaders } from '#server/http/link-page-headers';
import { linkPageAssets } from '#server/http/page-assets';
import { pageRefusal } from '#server/http/page-refusal';
import { requestContext } from '#server/http/rest';
import { createCallerFactory, type AppDeps } from '#server/http/trpc';
import { DEFAULT_BRAND, siteBrand } from '#server/site/site-brand';
import { renderTestimonialPage, type RequestForm, type TestimonialPage } from './page-html';
import { testimonialRequestsRouter } from './router';
import { withdrawableRequest } from './withdraw';

const callPage = createCallerFactory(testimonialRequestsRouter);

/** The statuses these pages show; any other is a 500 page. */
const PAGE_STATUSES = [400, 403, 404, 410, 413, 415, 429, 503] as const;
type PageStatus = (typeof PAGE_STATUSES)[number] | 200 | 500;

interface PageSite {
  deps: AppDeps;
  clientDir: string | undefined;
}

export function testimonialPages(deps: AppDeps, clientDir: string | undefined) {
  const site: PageSite = { deps, clientDir };
  return new Hono<AppEnv>()
    .get('/t/withdraw/:token', (c) => withdrawPage(c, site, c.req.param('token')))
    .post('/t/withdraw/:token', (c) => withdrawPosted(c, site, c.req.param('token')))
    .get('/t/:token', (c) => requestPage(c, site, c.req.param('token')))
    .post('/t/:token/approve', (c) => approvePosted(c, site, c.req.param('token')))
    .post('/t/:token/decline', (c) => declinePosted(c, site, c.req.param('token')));
}

async function answer(
  c: HonoCtx<AppEnv>,
  site: PageSite,
  page: TestimonialPage,
  status: PageStatus,
) {
  setLinkPageHeaders(c, site.deps.config);
  c.header('X-Robots-Tag', 'noindex');
  const brand = await siteBrand(site.deps.db).catch(() => DEFAULT_BRAND);
  const { stylesheets } = await linkPageAssets(site.clientDir);
  return c.html(renderTestimonialPage(page, { stylesheets }, brand), status);
}

/** A refusal as its page: an unknown or ended link, or a problem said above the form. */
function refusal(c: HonoCtx<AppEnv>, site: PageSite, error: unknown) {
  const mapped = pageRefusal(c, site.deps.logger, error, PAGE_STATUSES);
  const heading = mapped.status === 404 ? T.notFoundHeading : T.goneHeading;
  return { page: ended(heading, mapped.message), status: mapped.status, mapped };
}

const ended = (heading: string, message: string): TestimonialPage => ({
  state: 'ended',
  heading,
  message,
});

const pathOf = (token: string) => `/t/${encodeURIComponent(token)}`;

async function requestView(
  c: HonoCtx<AppEnv>,
  site: PageSite,
  token: string,
  extra: { form?: RequestForm; problem?: string },
  status: PageStatus,
) {
  let request: ClientTestimonialRequest;
  try {
    request = await callPage(requestContext(c, site.deps)).view({ token });
  } catch (error) {
    const { page, status: failed } = refusal(c, site, error);
    return answer(c, site, page, failed);
  }
  return answer(c, site, { state: 'request', request, action: pathOf(token), ...extra }, status);
}

const DONE = { approved: T.approved, declined: T.declined } as const;

/** GET /t/:token, or after a form's 303 the words of what was done (no look-up: nothing leaks). */
function requestPage(c: HonoCtx<AppEnv>, site: PageSite, token: string) {
  const done = c.req.query('done');
  if (done === 'approved' || done === 'declined') {
    return answer(c, site, { state: 'done', message: DONE[done] }, 200);
  }
  return requestView(c, site, token, {}, 200);
}

const done = (c: HonoCtx<AppEnv>, path: string, what: string) => {
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'same-origin');
  return c.redirect(`${path}?done=${what}`, 303);
};

/** POST /t/:token/approve: the form's fields as the API's input. */
async function approvePosted(c: HonoCtx<AppEnv>, site: PageSite, token: string) {
  const form = await formOf(c, site.deps);
  if (typeof form === 'number') {
    return requestView(c, site, token, { problem: FORM_REFUSALS[form] }, form);
  }
  const values: RequestForm['values'] = {
    text: form.get('text') ?? '',
    show: {
      name: form.has('show_name'),
      role: form.has('show_role'),
      company: form.has('show_company'),
      photo: form.has('show_photo'),
    },
    consent: form.has('consent'),
  };
  try {
    await callPage(requestContext(c, site.deps)).approve({ token, ...values });
  } catch (error) {
    const { page, status, mapped } = refusal(c, site, error);
    if (mapped.status === 400 && mapped.issues) {
      const errors: RequestForm['errors'] = {};
      for (const issue of mapped.issues) {
        if (issue.path === 'text' || issue.path === 'consent') errors[issue.path] ??= issue.message;
      }
      return requestView(c, site, token, { form: { values, errors } }, 400);
    }
    if (mapped.status === 429 || mapped.status === 503) {
      return requestView(
        c,
        site,
        token,
        { form: { values, errors: {} }, problem: mapped.message },
        status,
      );
    }
    return answer(c, site, page, status);
  }
  return done(c, pathOf(token), 'approved');
}

/** POST /t/:token/decline. */
async function declinePosted(c: HonoCtx<AppEnv>, site: PageSite, token: string) {
  const form = await formOf(c, site.deps);
  if (typeof form === 'number') {
    return requestView(c, site, token, { problem: FORM_REFUSALS[form] }, form);
  }
  try {
    await callPage(requestContext(c, site.deps)).decline({ token });
  } catch (error) {
    const { page, status } = refusal(c, site, error);
    return answer(c, site, page, status);
  }
  return done(c, pathOf(token), 'declined');
}

/** GET /t/withdraw/:token: the confirm form, or once withdrawn what was done. */
async function withdrawPage(c: HonoCtx<AppEnv>, site: PageSite, token: string) {
  if (c.req.query('done') === 'withdrawn') {
    const page: TestimonialPage = {
      state: 'done',
      heading: T.withdrawHeading,
      message: T.withdrawnDone,
    };
    return answer(c, site, page, 200);
  }
  try {
    await withdrawableRequest(requestContext(c, site.deps), token);
  } catch (error) {
    const { page, status } = refusal(c, site, error);
    return answer(c, site, page, status);
  }
  return answer(
    c,
    site,
    { state: 'withdraw', action: `/t/withdraw/${encodeURIComponent(token)}` },
    200,
  );
}

/** POST /t/withdraw/:token. */
async function withdrawPosted(c: HonoCtx<AppEnv>, site: PageSite, token: string) {
  const action = `/t/withdraw/${encodeURIComponent(token)}`;
  const form = await formOf(c, site.deps);
  if (typeof form === 'number') {
    return answer(c, site, { state: 'withdraw', action, problem: FORM_REFUSALS[form] }, form);
  }
  try {
    await callPage(requestContext(c, site.deps)).withdraw({ token });
  } catch (error) {
    const { page, status, mapped } = refusal(c, site, error);
    if (mapped.status === 429 || mapped.status === 503) {
      return answer(c, site, { state: 'withdraw', action, problem: mapped.message }, status);
    }
    return answer(c, site, page, status);
  }
  return done(c, action, 'withdrawn');
}
