/**
 * The client's message as a plain form post, for a page read with JavaScript off
 * (docs/engagements.md, "The thread"): POST /e/:token/messages, a form body
 * (application/x-www-form-urlencoded) with `text`. It is outside /api, whose guard takes JSON
 * only, as the proposal page's forms are (`/p/:token/accept`). Done: 303 back to
 * `/e/<token>#thread` (Post/Redirect/Get), where the message now shows. Refused: a short page
 * saying why (400 an empty or too long text, 409 a closed engagement, 403/413/415 a form that
 * is not this site's or cannot be read, 404/410 the link, 429), with the text typed kept in a
 * form to send again, so nothing typed is lost.
 */
import { Hono, type Context as HonoCtx } from 'hono';
import { escapeHtml } from '#shared/escape-html';
import { THREAD_LIMITS } from '#shared/engagements/thread';
import type { AppEnv } from '#server/http/hono-env';
import { FORM_REFUSALS, formOf } from '#server/http/form-post';
import { pageRefusal } from '#server/http/page-refusal';
import { requestContext } from '#server/http/rest';
import type { AppDeps } from '#server/http/trpc';
import { postClientMessage } from './client-message';
import { engagementOfToken } from '../link';

/** The page's thread, where the client comes back to after a message. */
export function threadAddress(token: string): string {
  return `/e/${encodeURIComponent(token)}#thread`;
}

/** What a refused form shows, all the statuses a form post can meet. */
const SHOWN = [400, 403, 404, 409, 410, 413, 415, 429, 503] as const;
type Shown = (typeof SHOWN)[number] | 500;

/** Refusals after which sending again can succeed: the text is offered back in the form. */
const RETRYABLE: ReadonlySet<Shown> = new Set([400, 403, 413, 415, 429, 503]);

function refusedPage(
  c: HonoCtx<AppEnv>,
  token: string,
  refusal: { status: Shown; message: string },
  text: string,
) {
  const back = threadAddress(token);
  const form = RETRYABLE.has(refusal.status)
    ? `<form method="post" action="/e/${escapeHtml(encodeURIComponent(token))}/messages">
<label for="text">Your message</label>
<textarea id="text" name="text" rows="8" maxlength="${THREAD_LIMITS.messageMax}">${escapeHtml(text)}</textarea>
<button type="submit">Send</button></form>`
    : '';
  // An ended or unknown link has no page to go back to.
  const link =
    refusal.status === 404 || refusal.status === 410
      ? ''
      : `<p><a href="${escapeHtml(back)}">Back to the page</a></p>`;
  const html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Message not sent</title></head>
<body><main><h1>Your message was not sent</h1><p>${escapeHtml(refusal.message)}</p>${form}${link}</main></body></html>`;
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'same-origin');
  return c.html(html, refusal.status);
}

/** POST /e/:token/messages, through the client page's lookup of the link. */
export function clientMessageFormRoute(deps: AppDeps) {
  return new Hono<AppEnv>().post('/e/:token/messages', async (c) => {
    const token = c.req.param('token');
    const form = await formOf(c, deps);
    if (typeof form === 'number') {
      return refusedPage(c, token, { status: form, message: FORM_REFUSALS[form] }, '');
    }
    const text = form.get('text') ?? '';
    try {
      const ctx = requestContext(c, deps);
      const engagement = await engagementOfToken(ctx, token);
      await postClientMessage(ctx, engagement, { text });
    } catch (error) {
      const refusal = pageRefusal(c, deps.logger, error, SHOWN, 'engagement.message_form_failed');
      return refusedPage(c, token, refusal, text);
    }
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'same-origin');
    return c.redirect(threadAddress(token), 303);
  });
}
