/**
 * Each provider's check, computed here with node:crypto the way the provider signs, and the
 * bodies in the shapes the providers send.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import {
  readProviderEvents,
  verifyMailgun,
  verifyPostmark,
  verifyResend,
  WEBHOOK_BODY_LIMIT,
  type WebhookDeps,
  type WebhookRequest,
} from './provider-events';

function request(body: string, headers: Record<string, string> = {}): WebhookRequest {
  const lower = new Map(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return { body, header: (name) => lower.get(name.toLowerCase()) };
}

/** A token store as the caller keeps one: each token once. */
function tokenStore() {
  const seen = new Set<string>();
  return vi.fn((token: string) => {
    const fresh = !seen.has(token);
    seen.add(token);
    return Promise.resolve(fresh);
  });
}

function deps(secret: string, overrides: Partial<WebhookDeps> = {}): WebhookDeps {
  return { secret, now: Date.now(), takeOnce: tokenStore(), ...overrides };
}

it('exports the 64 KiB body limit the routes answer 413 past', () => {
  expect(WEBHOOK_BODY_LIMIT).toBe(65_536);
});

describe('Postmark: Basic credentials', () => {
  const SECRET = 'postmark-hook:s3cret-pass:with-colon';
  const basic = (credentials: string) => `Basic ${Buffer.from(credentials).toString('base64')}`;
  const bounce = JSON.stringify({
    RecordType: 'Bounce',
    MessageStream: 'outbound',
    ID: 4323372036854775,
    Type: 'HardBounce',
    TypeCode: 1,
    Name: 'Hard bounce',
    Tag: 'newsletter',
    MessageID: '883953f4-6105-42a2-a16a-77a8eac79483',
    ServerID: 23,
    Description:
      'The server was unable to deliver your message (ex: unknown user, mailbox not found).',
    Details: 'smtp;550 5.1.1 The email account that you tried to reach does not exist.',
    Email: 'Gone@Example.org',
    From: 'news@example.com',
    BouncedAt: '2026-11-26T16:09:19Z',
    DumpAvailable: true,
    Inactive: true,
    CanActivate: true,
    Subject: 'November notes',
  });

  it('takes the right credentials, in any case of the scheme', () => {
    expect(verifyPostmark(basic(SECRET), SECRET)).toBe(true);
    expect(verifyPostmark(basic(SECRET).replace('Basic', 'basic'), SECRET)).toBe(true);
  });

  it('refuses wrong, partial, missing and other-scheme credentials', () => {
    for (const header of [
      basic('postmark-hook:wrong'),
      basic(SECRET.slice(0, -1)),
      basic(`${SECRET}x`),
      `Bearer ${Buffer.from(SECRET).toString('base64')}`,
      'Basic',
      'Basic !!!',
      '',
      undefined,
    ]) {
      expect(verifyPostmark(header, SECRET)).toBe(false);
    }
  });

  it('reads a hard bounce, a soft one and a spam complaint; ignores the rest', async () => {
    const read = (body: string) =>
      readProviderEvents('postmark', request(body, { Authorization: basic(SECRET) }), deps(SECRET));
    expect(await read(bounce)).toEqual([
      {
        kind: 'hard_bounce',
        email: 'gone@example.org',
        detail: 'smtp;550 5.1.1 The email account that you tried to reach does not exist.',
      },
    ]);
    const soft = { ...JSON.parse(bounce), Type: 'SoftBounce', Details: 'mailbox full' };
    expect(await read(JSON.stringify(soft))).toEqual([
      { kind: 'soft_bounce', email: 'gone@example.org', detail: 'mailbox full' },
    ]);
    const complaint = {
      RecordType: 'SpamComplaint',
      Type: 'SpamComplaint',
      TypeCode: 512,
      Email: 'reader@example.org',
    };
    expect(await read(JSON.stringify(complaint))).toEqual([
      { kind: 'complaint', email: 'reader@example.org', detail: 'spam complaint' },
    ]);
    expect(await read(JSON.stringify({ ...JSON.parse(bounce), Type: 'AutoResponder' }))).toEqual([
      { kind: 'ignored', reason: 'bounce type AutoResponder' },
    ]);
    expect(
      await read(JSON.stringify({ RecordType: 'Delivery', Recipient: 'a@example.org' })),
    ).toEqual([{ kind: 'ignored', reason: 'record type Delivery' }]);
    expect(await read('{not json')).toEqual([{ kind: 'ignored', reason: 'not a JSON object' }]);
  });

  it('a bad or missing check gives null: nothing is read', async () => {
    expect(await readProviderEvents('postmark', request(bounce), deps(SECRET))).toBeNull();
    const wrong = request(bounce, { Authorization: basic('postmark-hook:wrong') });
    expect(await readProviderEvents('postmark', wrong, deps(SECRET))).toBeNull();
  });
});

describe('Mailgun: HMAC of timestamp and token, each token once', () => {
  const KEY = 'key-3ax6xnjp29jd6fds4gc373sgvjxteol0';
  const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);

  function signed(
    eventData: Record<string, unknown>,
    options: { key?: string; at?: number; token?: string } = {},
  ) {
    const timestamp = String(Math.floor((options.at ?? NOW) / 1000));
    const token = options.token ?? randomBytes(25).toString('hex');
    const signature = createHmac('sha256', options.key ?? KEY)
      .update(timestamp + token)
      .digest('hex');
    return JSON.stringify({ signature: { timestamp, token, signature }, 'event-data': eventData });
  }

  const failed = {
    id: 'G9Bn5sl1TC6nu79C8C0bwg',
    timestamp: 1764158400.1234,
    'log-level': 'error',
    event: 'failed',
    severity: 'permanent',
    reason: 'bounce',
    recipient: 'Gone@Example.org',
    'recipient-domain': 'example.org',
    'delivery-status': {
      'attempt-no': 1,
      message: '550 5.1.1 The email account that you tried to reach does not exist.',
      code: 550,
      description: '',
      'session-seconds': 0.43,
    },
    message: {
      headers: {
        to: 'gone@example.org',
        'message-id': 'abc@example.com',
        from: 'news@example.com',
        subject: 'November notes',
      },
    },
  };

  it('takes a fresh, signed body once, and refuses its replay', async () => {
    const d = deps(KEY, { now: NOW });
    const body = signed(failed);
    expect(await verifyMailgun(body, d)).toBe(true);
    expect(await verifyMailgun(body, d)).toBe(false);
    const token = (JSON.parse(body) as { signature: { token: string } }).signature.token;
    expect(d.takeOnce).toHaveBeenCalledWith(token);
  });

  it('refuses another key, an altered token or timestamp, an old or future timestamp, a missing signature', async () => {
    const d = deps(KEY, { now: NOW });
    const good = JSON.parse(signed(failed)) as { signature: Record<string, string> };
    const altered = (field: string, value: string) =>
      JSON.stringify({ ...good, signature: { ...good.signature, [field]: value } });
    const bodies = [
      signed(failed, { key: 'key-another' }),
      altered('token', `${good.signature.token}0`),
      altered('timestamp', String(Number(good.signature.timestamp) + 1)),
      altered('signature', '0'.repeat(64)),
      altered('signature', 'not hex'),
      signed(failed, { at: NOW - 5 * 60_000 - 1000 }),
      signed(failed, { at: NOW + 5 * 60_000 + 1000 }),
      JSON.stringify({ 'event-data': failed }),
      'not json',
    ];
    for (const body of bodies) expect(await verifyMailgun(body, d)).toBe(false);
    // A body that failed its check never spends a token.
    expect(d.takeOnce).not.toHaveBeenCalled();
    // At the edge of the window it still passes.
    expect(await verifyMailgun(signed(failed, { at: NOW - 5 * 60_000 }), d)).toBe(true);
  });

  it('reads permanent and temporary failures and complaints', async () => {
    const read = (data: Record<string, unknown>) =>
      readProviderEvents('mailgun', request(signed(data)), deps(KEY, { now: NOW }));
    expect(await read(failed)).toEqual([
      {
        kind: 'hard_bounce',
        email: 'gone@example.org',
        detail: '550 5.1.1 The email account that you tried to reach does not exist.',
      },
    ]);
    expect(
      await read({
        ...failed,
        severity: 'temporary',
        'delivery-status': { message: '452 4.2.2 Mailbox full', code: 452 },
      }),
    ).toEqual([
      { kind: 'soft_bounce', email: 'gone@example.org', detail: '452 4.2.2 Mailbox full' },
    ]);
    expect(await read({ id: 'x', event: 'complained', recipient: 'reader@example.org' })).toEqual([
      { kind: 'complaint', email: 'reader@example.org', detail: 'spam complaint' },
    ]);
    expect(await read({ id: 'y', event: 'delivered', recipient: 'reader@example.org' })).toEqual([
      { kind: 'ignored', reason: 'event delivered' },
    ]);
    expect(await read({ ...failed, recipient: 'not an address' })).toEqual([
      { kind: 'ignored', reason: 'no recipient address' },
    ]);
  });

  it('a replayed body gives null the second time', async () => {
    const d = deps(KEY, { now: NOW });
    const body = signed(failed);
    expect(await readProviderEvents('mailgun', request(body), d)).toHaveLength(1);
    expect(await readProviderEvents('mailgun', request(body), d)).toBeNull();
  });
});

describe('Resend: the Svix signature', () => {
  const RAW_KEY = randomBytes(24);
  const SECRET = `whsec_${RAW_KEY.toString('base64')}`;

  function svix(body: string, options: { key?: Buffer; at?: number; id?: string } = {}) {
    const id = options.id ?? 'msg_2pNHnUYCbbkqNwPbmz1lYjLxVtE';
    const timestamp = String(Math.floor((options.at ?? Date.now()) / 1000));
    const mac = createHmac('sha256', options.key ?? RAW_KEY)
      .update(`${id}.${timestamp}.${body}`)
      .digest('base64');
    return { 'svix-id': id, 'svix-timestamp': timestamp, 'svix-signature': `v1,${mac}` };
  }

  const bounced = JSON.stringify({
    type: 'email.bounced',
    created_at: '2026-11-26T12:00:00.000Z',
    data: {
      created_at: '2026-11-26T11:59:58.000Z',
      email_id: '56761188-7520-42d8-8898-ff6fc54ce618',
      from: 'Example Consulting <news@example.com>',
      to: ['Gone@Example.org'],
      subject: 'November notes',
      bounce: {
        message: "The recipient's email provider sent a hard bounce message.",
        subType: 'Suppressed',
        type: 'Permanent',
      },
    },
  });

  it('takes a body signed with the secret, also beside a signature of an older key', async () => {
    expect(await verifyResend(request(bounced, svix(bounced)), SECRET)).toBe(true);
    const headers = svix(bounced);
    const rotated = {
      ...headers,
      'svix-signature': `v1,${randomBytes(32).toString('base64')} ${headers['svix-signature']}`,
    };
    expect(await verifyResend(request(bounced, rotated), SECRET)).toBe(true);
  });

  it('refuses another key, an altered body, an old or future timestamp, a missing header, a bad secret', async () => {
    const headers = svix(bounced);
    expect(
      await verifyResend(request(bounced, svix(bounced, { key: randomBytes(24) })), SECRET),
    ).toBe(false);
    expect(
      await verifyResend(request(bounced.replace('Permanent', 'Transient'), headers), SECRET),
    ).toBe(false);
    expect(
      await verifyResend(request(bounced, svix(bounced, { at: Date.now() - 6 * 60_000 })), SECRET),
    ).toBe(false);
    expect(
      await verifyResend(request(bounced, svix(bounced, { at: Date.now() + 6 * 60_000 })), SECRET),
    ).toBe(false);
    expect(
      await verifyResend(request(bounced, { ...headers, 'svix-id': 'msg_other' }), SECRET),
    ).toBe(false);
    for (const name of ['svix-id', 'svix-timestamp', 'svix-signature'] as const) {
      const without = Object.fromEntries(Object.entries(headers).filter(([key]) => key !== name));
      expect(await verifyResend(request(bounced, without), SECRET)).toBe(false);
    }
    expect(await verifyResend(request(bounced, headers), 'whsec_')).toBe(false);
  });

  it('reads permanent and transient bounces and complaints, one event per recipient', async () => {
    const read = (body: string) =>
      readProviderEvents('resend', request(body, svix(body)), deps(SECRET));
    expect(await read(bounced)).toEqual([
      {
        kind: 'hard_bounce',
        email: 'gone@example.org',
        detail: "The recipient's email provider sent a hard bounce message.",
      },
    ]);
    const transient = bounced
      .replace('"Permanent"', '"Transient"')
      .replace('hard bounce', 'soft bounce');
    expect((await read(transient))?.[0]).toMatchObject({
      kind: 'soft_bounce',
      email: 'gone@example.org',
    });
    const complained = JSON.stringify({
      type: 'email.complained',
      created_at: '2026-11-26T12:00:00.000Z',
      data: { email_id: 'e1', to: ['a@example.org', 'b@example.org'], subject: 'November notes' },
    });
    expect(await read(complained)).toEqual([
      { kind: 'complaint', email: 'a@example.org', detail: 'spam complaint' },
      { kind: 'complaint', email: 'b@example.org', detail: 'spam complaint' },
    ]);
    const delivered = JSON.stringify({ type: 'email.delivered', data: { to: ['a@example.org'] } });
    expect(await read(delivered)).toEqual([{ kind: 'ignored', reason: 'event email.delivered' }]);
  });

  it('a bad or missing check gives null: nothing is read', async () => {
    expect(await readProviderEvents('resend', request(bounced), deps(SECRET))).toBeNull();
    const forged = request(bounced, svix(bounced, { key: randomBytes(24) }));
    expect(await readProviderEvents('resend', forged, deps(SECRET))).toBeNull();
  });
});
