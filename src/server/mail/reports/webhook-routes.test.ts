/**
 * The providers' webhooks through the whole app (app.request): each one's own check, 401 and
 * nothing changed when it fails, a replayed Mailgun token refused, a retried event taken once,
 * 413 over 64 KiB, 404 while MAIL_WEBHOOK_SECRET is unset.
 */
import { createHmac } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import { deliveryReports, subscribers, suppressions } from '#db/schema';
import { createTestApp, testConfig, type TestDeps } from '#tests/support/app';
import type { App } from '#server/app/app';

const POSTMARK_SECRET = 'hooks:s3cret-pass';
const MAILGUN_KEY = 'key-mailgun-signing-0123456789';
const RESEND_SECRET = `whsec_${Buffer.from('resend-secret-0123456789abcdef').toString('base64')}`;

let app: App;
let deps: TestDeps;

async function appWith(secret: string | null) {
  ({ app, deps } = await createTestApp({ config: testConfig({ mailWebhookSecret: secret }) }));
  await writeTransaction(deps.db, (tx) =>
    tx
      .insert(subscribers)
      .values([
        { email: 'Reader@Example.org', status: 'confirmed', createdAt: deps.clock.now() },
        { email: 'gone@example.org', status: 'confirmed', createdAt: deps.clock.now() },
      ])
      .run(),
  );
}

async function post(provider: string, body: string, headers: Record<string, string> = {}) {
  const response = await app.request(`/api/mail/events/${provider}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const suppressed = async () =>
  (await deps.db.select().from(suppressions).all()).map((row) => [row.email, row.reason]);

const basic = (credentials: string) => `Basic ${Buffer.from(credentials).toString('base64')}`;

describe('POST /api/mail/events/postmark', () => {
  beforeEach(() => appWith(POSTMARK_SECRET));

  const bounce = JSON.stringify({
    RecordType: 'Bounce',
    Type: 'HardBounce',
    Email: 'gone@example.org',
    Details: 'smtp;550 5.1.1 The email account that you tried to reach does not exist.',
  });

  it('refuses wrong or missing credentials with 401, and changes nothing', async () => {
    expect((await post('postmark', bounce)).status).toBe(401);
    const wrong = await post('postmark', bounce, { Authorization: basic('hooks:guess') });
    expect(wrong).toEqual({
      status: 401,
      body: { success: false, message: 'The webhook check failed' },
    });
    expect(await suppressed()).toEqual([]);
    expect(await deps.db.select().from(deliveryReports).all()).toEqual([]);
  });

  it('suppresses at a hard bounce, taking a retried event once; a stranger is ignored', async () => {
    const auth = { Authorization: basic(POSTMARK_SECRET) };
    expect(await post('postmark', bounce, auth)).toEqual({ status: 200, body: { success: true } });
    expect(await post('postmark', bounce, auth)).toEqual({ status: 200, body: { success: true } });
    expect(await suppressed()).toEqual([['gone@example.org', 'hard_bounce']]);
    expect(await deps.db.select().from(deliveryReports).all()).toHaveLength(1);
    const stranger = bounce.replace('gone@example.org', 'someone@else.example');
    expect((await post('postmark', stranger, auth)).status).toBe(200);
    expect(await suppressed()).toEqual([['gone@example.org', 'hard_bounce']]);
  });

  it('answers 413 for a body over 64 KiB, before any check', async () => {
    const big = JSON.stringify({ RecordType: 'Bounce', pad: 'x'.repeat(70_000) });
    expect((await post('postmark', big, { Authorization: basic(POSTMARK_SECRET) })).status).toBe(
      413,
    );
  });
});

describe('POST /api/mail/events/mailgun', () => {
  beforeEach(() => appWith(MAILGUN_KEY));

  function signed(event: Record<string, unknown>, token: string, at = deps.clock.now()) {
    const timestamp = String(Math.floor(at.getTime() / 1000));
    const signature = createHmac('sha256', MAILGUN_KEY)
      .update(timestamp + token)
      .digest('hex');
    return JSON.stringify({ signature: { timestamp, token, signature }, 'event-data': event });
  }
  const failed = {
    event: 'failed',
    severity: 'permanent',
    recipient: 'gone@example.org',
    'delivery-status': { code: 550, message: '5.1.1 No such user' },
  };

  it('takes a signed event, and refuses its token sent again', async () => {
    const body = signed(failed, 'a'.repeat(50));
    expect((await post('mailgun', body)).status).toBe(200);
    expect(await suppressed()).toEqual([['gone@example.org', 'hard_bounce']]);
    expect((await post('mailgun', body)).status).toBe(401);
  });

  it('refuses a signature by another key, another token, and one older than 5 minutes', async () => {
    // Mailgun signs the timestamp and token, not the event: the token taken once is the guard.
    const body = signed(failed, 'b'.repeat(50));
    const forged = body.replace(/"signature":"[0-9a-f]{64}"/, `"signature":"${'0'.repeat(64)}"`);
    expect((await post('mailgun', forged)).status).toBe(401);
    expect((await post('mailgun', body.replace('b'.repeat(50), 'd'.repeat(50)))).status).toBe(401);
    const old = signed(failed, 'c'.repeat(50), new Date(deps.clock.now().getTime() - 6 * 60_000));
    expect((await post('mailgun', old)).status).toBe(401);
    expect(await suppressed()).toEqual([]);
  });
});

describe('POST /api/mail/events/resend', () => {
  beforeEach(() => appWith(RESEND_SECRET));

  /** Svix's signature: HMAC-SHA256 of `id.timestamp.body` with the secret after `whsec_`. */
  function svix(body: string, id = 'msg_2abc', at = new Date()) {
    const timestamp = String(Math.floor(at.getTime() / 1000));
    const key = Buffer.from(RESEND_SECRET.slice('whsec_'.length), 'base64');
    const mac = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
    return { 'svix-id': id, 'svix-timestamp': timestamp, 'svix-signature': `v1,${mac}` };
  }
  const complaint = JSON.stringify({
    type: 'email.complained',
    data: { to: ['reader@example.org'], subject: 'News' },
  });

  it('suppresses and unsubscribes at a complaint', async () => {
    expect((await post('resend', complaint, svix(complaint))).status).toBe(200);
    expect(await suppressed()).toEqual([['reader@example.org', 'complaint']]);
    const reader = await deps.db.select().from(subscribers).all();
    expect(reader.find((row) => row.email === 'Reader@Example.org')?.status).toBe('unsubscribed');
  });

  it('refuses a bad signature and an old timestamp', async () => {
    const headers = svix(complaint);
    expect((await post('resend', complaint, { ...headers, 'svix-id': 'msg_other' })).status).toBe(
      401,
    );
    const old = svix(complaint, 'msg_2abc', new Date(Date.now() - 6 * 60_000));
    expect((await post('resend', complaint, old)).status).toBe(401);
    expect((await post('resend', complaint)).status).toBe(401);
    expect(await suppressed()).toEqual([]);
  });
});

describe('without MAIL_WEBHOOK_SECRET', () => {
  it('answers 404, as for a provider it does not know', async () => {
    await appWith(null);
    expect((await post('postmark', '{}', { Authorization: basic('a:b') })).status).toBe(404);
    await appWith(POSTMARK_SECRET);
    expect((await post('sendgrid', '{}')).status).toBe(404);
  });
});
