/**
 * POST /api/mail/events/postmark|mailgun|resend (docs/mail.md, "Provider events"): a mail
 * provider tells of bounces and complaints. Each request is checked the provider's own way on
 * its raw body (mail/deliverability/provider-events.ts) before anything is read from it: a
 * bad or missing check is 401 and changes nothing. Off (404) without MAIL_WEBHOOK_SECRET. The
 * API's guards already refuse a body over 64 KiB (413) and one that is not JSON (415).
 */
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { lt } from 'drizzle-orm';
import { writeTransaction } from '#db';
import { webhookTokens } from '#db/schema';
import { errorBody } from '#server/http/errors';
import type { AppEnv } from '#server/http/hono-env';
import type { AppDeps } from '#server/http/trpc';
import { readProviderEvents, type Provider } from '#server/mail/deliverability/provider-events';
import { takeProviderEvents, type ReportDeps } from './take-report';
import { DAY_MS } from '#shared/calendar-days';

const PROVIDERS: ReadonlySet<string> = new Set<Provider>(['postmark', 'mailgun', 'resend']);
const isProvider = (name: string): name is Provider => PROVIDERS.has(name);

/** Mailgun's tokens are kept this long: past it their signature's timestamp is refused anyway. */
const TOKEN_KEPT_MS = DAY_MS;

export function mailEventRoutes(
  deps: Pick<AppDeps, 'db' | 'config' | 'clock' | 'logger'> & Pick<ReportDeps, 'onComplaint'>,
) {
  const app = new Hono<AppEnv>();
  app.post('/api/mail/events/:provider', async (c) => {
    const provider = c.req.param('provider');
    const secret = deps.config.mailWebhookSecret;
    if (!secret || !isProvider(provider)) return c.json(errorBody('Not found'), 404);
    const body = await c.req.text();
    const now = deps.clock.now();
    const events = await readProviderEvents(
      provider,
      { body, header: (name) => c.req.header(name) },
      {
        secret,
        now: now.getTime(),
        takeOnce: (token) =>
          writeTransaction(deps.db, async (tx) => {
            await tx
              .delete(webhookTokens)
              .where(lt(webhookTokens.at, new Date(now.getTime() - TOKEN_KEPT_MS)))
              .run();
            const taken = await tx
              .insert(webhookTokens)
              .values({ token, at: now })
              .onConflictDoNothing()
              .returning({ token: webhookTokens.token })
              .all();
            return taken.length > 0;
          }),
      },
    );
    if (events === null) {
      deps.logger.info('mail.webhook_refused', { provider });
      return c.json(errorBody('The webhook check failed'), 401);
    }
    // The same event sent again (a provider's retry) has the same body: taken once.
    const key = createHash('sha256').update(body).digest('base64url');
    await takeProviderEvents(deps, provider, key, events, now);
    return c.json({ success: true as const });
  });
  return app;
}
