/**
 * The second factor end to end: the app's real mailer talks SMTP to a real server in this
 * process, and the code is read from the message that server received.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '#server/app/app';
import { createMailer } from '#server/platform/mail';
import { createTestDeps, type TestDeps } from '#tests/support/app';
import { insertUser, PASSWORD, sessionCookieFrom } from '#tests/support/users';
import { generateCode } from './two-factor';

interface ReceivedMail {
  to: string[];
  raw: string;
}

let smtp: SMTPServer;
let smtpUrl: string;
const inbox: ReceivedMail[] = [];
let deps: TestDeps;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  smtp = new SMTPServer({
    // Its built-in certificate has expired; plain SMTP on loopback is what the test needs.
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

beforeEach(async () => {
  inbox.length = 0;
  deps = await createTestDeps();
  deps.mailer = createMailer({
    smtpUrl,
    from: 'no-reply@example.com',
    production: false,
    logger: deps.logger,
  });
  app = createApp(deps);
});

function post(path: string, body: unknown, cookie = '') {
  return app.request(`/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
}

async function signInWithPassword(username = 'erin') {
  const res = await post('/admin/login', { username, password: PASSWORD });
  return { res, cookie: sessionCookieFrom(res.headers) ?? '' };
}

function lastCode(): string {
  const mail = inbox.at(-1);
  const code = mail && /sign-in code is (\d{6})/.exec(mail.raw)?.[1];
  if (!code) throw new Error('no code in the received mail');
  return code;
}

async function isSignedIn(cookie: string): Promise<boolean> {
  const res = await app.request('/api/admin/check', { headers: { Cookie: cookie } });
  return ((await res.json()) as { authenticated: boolean }).authenticated;
}

// Up to seven real password hashes a test: explicit budget for a busy 2-core machine.
describe('e-mailed second factor over SMTP', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await insertUser(deps, 'erin', 'erin@example.com');
  });

  it('delivers a 6-digit code that signs in once', async () => {
    const { res, cookie } = await signInWithPassword();
    expect(await res.json()).toEqual({ success: true, requiresTwoFactor: true, method: 'email' });
    expect(inbox).toHaveLength(1);
    expect(inbox[0]?.to).toEqual(['erin@example.com']);
    expect(inbox[0]?.raw).toMatch(/^Subject: Your sign-in code/m);
    expect(inbox[0]?.raw).toMatch(/^From: no-reply@example.com/m);
    const code = lastCode();
    expect(await isSignedIn(cookie)).toBe(false);

    const verified = await post('/admin/verify-2fa', { code }, cookie);
    expect(verified.status).toBe(200);
    const session = sessionCookieFrom(verified.headers) ?? '';
    expect(await isSignedIn(session)).toBe(true);

    const reuse = await post('/admin/verify-2fa', { code }, cookie);
    expect(reuse.status).toBe(401);
    expect(deps.logger.lines.join('\n')).not.toContain(code);
  });

  it('refuses the code after 10 minutes', async () => {
    const { cookie } = await signInWithPassword();
    const code = lastCode();
    deps.clock.advance(10 * 60_000 + 1);
    const res = await post('/admin/verify-2fa', { code }, cookie);
    expect(res.status).toBe(401);
    expect((await res.json()).message).toMatch(/expired/);
  });

  it('accepts the code just before 10 minutes', async () => {
    const { cookie } = await signInWithPassword();
    deps.clock.advance(10 * 60_000 - 1000);
    expect((await post('/admin/verify-2fa', { code: lastCode() }, cookie)).status).toBe(200);
  });

  it('ends the challenge after 5 wrong tries; a new login is needed', async () => {
    const { cookie } = await signInWithPassword();
    const code = lastCode();
    const wrong = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) {
      expect((await post('/admin/verify-2fa', { code: wrong }, cookie)).status).toBe(401);
    }
    const late = await post('/admin/verify-2fa', { code }, cookie);
    expect(late.status).toBe(401);

    const again = await signInWithPassword();
    expect(again.res.status).toBe(200);
    expect((await post('/admin/verify-2fa', { code: lastCode() }, again.cookie)).status).toBe(200);
  });

  it('answers 429 with Retry-After for a sixth code within 15 minutes', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await signInWithPassword()).res.status).toBe(200);
      deps.clock.advance(60_000);
    }
    const sixth = await signInWithPassword();
    expect(sixth.res.status).toBe(429);
    expect(Number(sixth.res.headers.get('retry-after'))).toBe(15 * 60 - 5 * 60);
    expect((await sixth.res.json()).message).toMatch(/Too many sign-in codes/);
    expect(inbox).toHaveLength(5);

    deps.clock.advance(10 * 60_000);
    expect((await signInWithPassword()).res.status).toBe(200);
  });

  it('lets a user without e-mail sign in with the password alone', async () => {
    await insertUser(deps, 'alice');
    const { res, cookie } = await signInWithPassword('alice');
    expect(await res.json()).toEqual({
      success: true,
      requiresTwoFactor: false,
      setupRequired: false,
    });
    expect(inbox).toHaveLength(0);
    expect(await isSignedIn(cookie)).toBe(true);
  });
});

describe('generateCode', () => {
  it('gives six digits that vary', async () => {
    const codes = await Promise.all(Array.from({ length: 50 }, () => generateCode()));
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(45);
  });
});
