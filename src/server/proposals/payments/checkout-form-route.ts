/**
 * POST /p/:token/checkout: the "Pay the deposit" button as a plain form, for a browser without
 * JavaScript (docs/payments.md). It does what POST /api/p/:token/checkout does
 * (checkout.ts) and answers 303 to Stripe's Checkout page; a refusal is a short page with its
 * message and the way back to the proposal. The form's body is never read. A post from
 * another site is refused (403) as the API refuses it.
 */
import { Hono, type Context as HonoCtx } from 'hono';
import { clientIp } from '#server/http/context';
import type { AppEnv } from '#server/http/hono-env';
import { isCrossSite } from '#server/http/cross-site';
import { pageRefusal } from '#server/http/page-refusal';
import { escapeHtml } from '#shared/escape-html';
import { startCheckout, type CheckoutDeps } from './checkout';

function refusalPage(c: HonoCtx<AppEnv>, status: number, message: string, back: string | null) {
  const link = back ? `<p><a href="${escapeHtml(back)}">Back to the proposal</a></p>` : '';
  const html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Payment</title></head>
<body><main><h1>The payment could not be started</h1><p>${escapeHtml(message)}</p>${link}</main></body></html>`;
  return c.html(html, status as 400, { 'Cache-Control': 'no-store' });
}

export function checkoutFormRoutes(deps: CheckoutDeps) {
  const app = new Hono<AppEnv>();
  app.post('/p/:token/checkout', async (c) => {
    const token = c.req.param('token');
    if (await isCrossSite(c, deps)) {
      return refusalPage(c, 403, 'Cross-site requests are not allowed', null);
    }
    const back = `/p/${token}`;
    try {
      const { url } = await startCheckout(deps, token, clientIp(c, deps.config.trustProxy));
      return c.redirect(url, 303);
    } catch (error) {
      // Every refusal Checkout's start makes is said (its Retry-After too); a fault is a 500.
      const { status, message } = pageRefusal(
        c,
        deps.logger,
        error,
        [400, 404, 409, 429, 503],
        'payments.checkout_form_failed',
      );
      return refusalPage(c, status, message, status === 404 ? null : back);
    }
  });
  return app;
}
