/**
 * The public link endpoints (confirm, unsubscribe) answer an unknown token after a read,
 * without a write, and refuse an address that sent too many unknown tokens.
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type Db } from '#db';
import { NEWSLETTER_MESSAGES } from '#shared/newsletter';
import type { App } from '#server/app/app';
import { ThrottledError } from '#server/platform/errors';
import { mailsSettled } from '#server/platform/mail';
import {
  callerFor,
  createTestApp,
  createTestDeps,
  testConfig,
  type RecordingMailer,
  type TestDeps,
} from '#tests/support/app';
import { everyTableAsText } from '#tests/support/analytics';
import { tempFolder } from '#tests/support/database';
import { answer, rest } from '#tests/support/rest';
import { failure } from '#tests/support/trpc-errors';
import { LINK_MISSES, lookedUpLink } from '#server/platform/link-misses';
import { unsubscribeToken } from './tokens';

let app: App;
let deps: TestDeps;

beforeEach(async () => {
  ({ app, deps } = await createTestApp({ config: testConfig({ trustProxy: true }) }));
});

/** A token of the right shape that no link carries. */
const unknown = (i: number) => `${'u'.repeat(40)}${String(i).padStart(3, '0')}`;
const newsletter = (ip: string) => callerFor(deps, { ip }).caller.newsletter;

async function confirmationToken(email: string): Promise<string> {
  await newsletter('192.0.2.1').subscribe({ email });
  await mailsSettled(deps.mailer);
  const mail = (deps.mailer as RecordingMailer).sent.findLast((m) => m.to === email);
  const token = /\/newsletter\/confirm\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no confirmation link mailed to ${email}`);
  return token;
}

describe('an unknown token', () => {
  it('is answered 404 and changes nothing in any table', async () => {
    await confirmationToken('reader@example.com');
    const before = await everyTableAsText(deps.db);
    for (const kind of ['confirm', 'unsubscribe'] as const) {
      const refused = await failure(newsletter('203.0.113.5')[kind]({ token: unknown(1) }));
      expect([refused.code, refused.message]).toEqual([
        'NOT_FOUND',
        NEWSLETTER_MESSAGES.invalidLink,
      ]);
    }
    expect(await everyTableAsText(deps.db)).toBe(before);
  });

  describe('while another connection holds the write lock (the embedded file)', () => {
    let db: Db | undefined;
    afterEach(async () => {
      if (db) await closeDatabase(db);
      db = undefined;
    });

    it('is still answered 404 at once: it was only read', async () => {
      const file = path.join(tempFolder('link-misses-'), 'app.db');
      db = await openDatabase({ file });
      const locked = await createTestDeps({ db });
      const other = new Database(file);
      other.exec('BEGIN IMMEDIATE');
      try {
        const caller = callerFor(locked, { ip: '203.0.113.5' }).caller.newsletter;
        for (const kind of ['confirm', 'unsubscribe'] as const) {
          // A write would wait out the lock and answer 503 instead.
          expect((await failure(caller[kind]({ token: unknown(1) }))).code).toBe('NOT_FOUND');
        }
      } finally {
        other.exec('ROLLBACK');
        other.close();
      }
    }, 30_000);
  });
});

describe('unknown tokens per address', () => {
  it(`refuses every link once ${LINK_MISSES.limit} unknown ones came in 10 minutes, confirm and unsubscribe together`, async () => {
    for (let i = 0; i < LINK_MISSES.limit; i++) {
      const kind = i % 2 ? 'confirm' : 'unsubscribe';
      expect((await failure(newsletter('2001:db8:7:8::1')[kind]({ token: unknown(i) }))).code).toBe(
        'NOT_FOUND',
      );
    }
    // Another address of the same /64 shares the count; a valid link from it is refused too.
    const token = await confirmationToken('reader@example.com');
    const refused = await failure(newsletter('2001:db8:7:8::2').confirm({ token }));
    expect(refused).toBeInstanceOf(ThrottledError);
    expect(refused.message).toBe(`${NEWSLETTER_MESSAGES.tooManyLinks} Try again in 10 minutes.`);
    expect((refused as ThrottledError).retryAfterSeconds).toBe(600);
    // Other addresses are not affected.
    expect(await newsletter('198.51.100.1').confirm({ token })).toEqual({ success: true });
    // Ten minutes later, the address has its allowance again.
    deps.clock.advance(10 * 60_000);
    expect(
      (await failure(newsletter('2001:db8:7:8::1').confirm({ token: unknown(99) }))).code,
    ).toBe('NOT_FOUND');
  });

  it('counts only unknown tokens: a subscriber following valid links is never refused', async () => {
    const token = await confirmationToken('reader@example.com');
    const unsubscribe = unsubscribeToken(deps.config.sessionSecret, 'reader@example.com');
    for (let i = 0; i < LINK_MISSES.limit * 2; i++) {
      expect(await newsletter('203.0.113.9').confirm({ token })).toEqual({ success: true });
    }
    for (let i = 0; i < LINK_MISSES.limit * 2; i++) {
      expect(await newsletter('203.0.113.9').unsubscribe({ token: unsubscribe })).toEqual({
        success: true,
      });
    }
  });

  it('holds when 40 unknown tokens arrive at once: 30 answered 404, 10 refused', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        newsletter('203.0.113.7').confirm({ token: unknown(i) }),
      ),
    );
    const codes = results.map((r) =>
      r.status === 'rejected' ? (r.reason as { code: string }).code : 'OK',
    );
    expect(codes.filter((c) => c === 'NOT_FOUND')).toHaveLength(LINK_MISSES.limit);
    expect(codes.filter((c) => c === 'TOO_MANY_REQUESTS')).toHaveLength(40 - LINK_MISSES.limit);
  });

  it('answers 429 with Retry-After over HTTP, the one-click form included', async () => {
    const ip = '203.0.113.20';
    for (let i = 0; i < LINK_MISSES.limit; i++) {
      const response = await rest(app, 'POST', '/api/newsletter/confirm', {
        json: { token: unknown(i) },
        ip,
      });
      expect(response).toEqual(
        answer(404, { success: false, message: NEWSLETTER_MESSAGES.invalidLink }),
      );
    }
    const oneClick = await app.request(`/api/newsletter/unsubscribe?token=${unknown(0)}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': ip,
      },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(429);
    expect(oneClick.headers.get('retry-after')).toBe('600');
  });
});

describe('when the count is full (a small cap for the test)', () => {
  it('still lets a new address follow a valid link, and refuses only its unknown tokens', async () => {
    const CAP = 2;
    const from = (ip: string) => ({ db: deps.db, req: { ip }, clock: deps.clock });
    const miss = async () => undefined;
    for (const ip of ['198.51.100.1', '198.51.100.2']) {
      expect(await lookedUpLink(from(ip), miss, CAP)).toBeUndefined();
    }
    // The map holds CAP addresses: a valid token from a new address still goes through …
    expect(await lookedUpLink(from('198.51.100.3'), async () => 'subscriber', CAP)).toBe(
      'subscriber',
    );
    // … and its unknown token is refused, uncounted.
    const refused = await lookedUpLink(from('198.51.100.3'), miss, CAP).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ThrottledError);
    expect((refused as ThrottledError).code).toBe('TOO_MANY_REQUESTS');
    expect(await lookedUpLink(from('198.51.100.3'), async () => 'subscriber', CAP)).toBe(
      'subscriber',
    );
  });
});

describe('the read-only link endpoints', () => {
  it('count their misses: 30 unknown tokens via linkState, then 429; another address’s valid link still works', async () => {
    const token = await confirmationToken('reader@example.com');
    const prober = '203.0.113.9';
    for (let i = 0; i < LINK_MISSES.limit; i++) {
      expect(await newsletter(prober).linkState({ token: unknown(i), kind: 'confirm' })).toBe(
        'invalid',
      );
    }
    const refused = await failure(
      newsletter(prober).linkState({ token: unknown(99), kind: 'confirm' }),
    );
    expect(refused.code).toBe('TOO_MANY_REQUESTS');
    // The GET page and the invitation check share the count.
    const page = await app.request(`/newsletter/unsubscribe?token=${unknown(98)}`, {
      headers: { 'x-forwarded-for': prober },
    });
    expect(page.status).toBe(429);
    const invitation = await failure(
      callerFor(deps, { ip: prober }).caller.invitation.check({ token: unknown(97) }),
    );
    expect(invitation.code).toBe('TOO_MANY_REQUESTS');
    expect(await newsletter('198.51.100.7').linkState({ token, kind: 'confirm' })).toBe('valid');
  });
});
