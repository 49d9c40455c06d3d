/**
 * Newsletter sending with real server processes (server.ts) and a real SMTP server in the
 * test process: kill -9 in the middle of a send, two instances on one sqld sending one
 * newsletter, and the rate limit seen from outside. The newsletter's mails are rows of the
 * outbox (docs/newsletter.md, "Sending"), read here. Nobody may ever get two copies. The
 * kill -9 test uses the embedded file; the two instances start their own sqld.
 *
 * The three tests share nothing (each its database, SMTP server and processes), and most of
 * their time is spent waiting on held mails and the rate's pace, so they run side by side
 * (`describe.concurrent`). Each stops what it started when it ends (`onTestFinished` of its
 * own context: with concurrent tests the global one may name another test).
 */
import path from 'node:path';
import { describe, expect, it, type ExpectStatic, type TestContext } from 'vitest';
import { closeDatabase, openDatabase, type DatabaseTarget } from '#db';
import { eq } from 'drizzle-orm';
import { outbox } from '#db/schema';
import { INTERRUPTED_MAIL_ERROR } from '#server/mail/outbox/outbox-queue';
import { createTestClock } from '#tests/support/app';
import { startTestSqld, tempFolder } from '#tests/support/database';
import { addresses, storeSubscribersAs } from '#tests/support/newsletters';
import { startServerProcess, type ServerProcess } from '#tests/support/server-process';
import { startSmtpSink, type SmtpSink, type SmtpSinkOptions } from '#tests/support/smtp-sink';

const ADMIN = { username: 'alice', password: 'correct horse battery staple' };
const NEWSLETTER = { subject: 'Autumn news', body: 'What we did this **autumn**.' };

/** Stops what a test started once it ends, passed or not. */
type Cleanup = Pick<TestContext, 'onTestFinished'>;

async function sink(test: Cleanup, options: SmtpSinkOptions = {}) {
  const started = await startSmtpSink(options);
  test.onTestFinished(() => started.close());
  return started;
}

function envFor(target: DatabaseTarget): Record<string, string> {
  return 'url' in target
    ? { DATABASE_URL: target.url, DATABASE_PATH: '' }
    : { DATABASE_PATH: target.file, DATABASE_URL: '' };
}

async function start(test: Cleanup, target: DatabaseTarget, smtp: SmtpSink, rate: number) {
  const server = await startServerProcess('file' in target ? target.file : 'unused.db', {
    ...envFor(target),
    SMTP_URL: smtp.url,
    NEWSLETTER_RATE_PER_MINUTE: String(rate),
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
  });
  test.onTestFinished(async () => {
    server.signal('SIGKILL');
    await server.exited;
  });
  return server;
}

/** Stores confirmed subscribers through a handle of the test's own, then lets it go. */
async function seed(target: DatabaseTarget, emails: string[]) {
  const db = await openDatabase(target);
  try {
    await storeSubscribersAs({ db, clock: createTestClock(new Date()) }, 'confirmed', emails);
  } finally {
    await closeDatabase(db);
  }
}

/** The newsletter's mails in the outbox, one per recipient handed over. */
async function mails(target: DatabaseTarget) {
  const db = await openDatabase(target);
  try {
    return await db.select().from(outbox).where(eq(outbox.kind, 'newsletter')).all();
  } finally {
    await closeDatabase(db);
  }
}

async function signIn(server: ServerProcess): Promise<string> {
  const res = await fetch(`${server.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie()[0]?.split(';')[0] ?? '';
}

interface NewsletterJson {
  id: number;
  status: string;
  total: number;
  sent: number;
  failed: number;
}

async function call(
  server: ServerProcess,
  cookie: string,
  method: string,
  url: string,
  body?: unknown,
) {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { newsletter: NewsletterJson } };
}

/** Creates the newsletter on that server and starts sending it (202). */
async function createAndSend(server: ServerProcess, cookie: string): Promise<number> {
  const created = await call(server, cookie, 'POST', '/api/newsletters', NEWSLETTER);
  expect(created.status).toBe(201);
  const id = created.body.newsletter.id;
  expect((await call(server, cookie, 'POST', `/api/newsletters/${id}/send`)).status).toBe(202);
  return id;
}

/** `expect` of the test's own context: a concurrent test's poll needs it. */
async function waitUntilSent(
  expect: ExpectStatic,
  server: ServerProcess,
  cookie: string,
  id: number,
) {
  await expect
    .poll(
      async () =>
        (await call(server, cookie, 'GET', `/api/newsletters/${id}`)).body.newsletter.status,
      {
        timeout: 60_000,
        interval: 200,
      },
    )
    .toBe('sent');
  return (await call(server, cookie, 'GET', `/api/newsletters/${id}`)).body.newsletter;
}

/** How many copies each address received. */
function copies(smtp: SmtpSink): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of smtp.mails) counts.set(mail.to, (counts.get(mail.to) ?? 0) + 1);
  return counts;
}

describe.concurrent('three sends, side by side', () => {
  it('kill -9 mid-send, then a restart: the send completes and nobody gets two copies', async (context) => {
    const { expect } = context;
    const target = { file: path.join(tempFolder('newsletter-kill-'), 'app.db') };
    const everyone = addresses('reader', 8);
    await seed(target, everyone);
    // A slow mail service: each mail is held 300 ms, so the kill lands with one in hand.
    const smtp = await sink(context, { holdMs: 300 });
    const first = await start(context, target, smtp, 60_000);
    const cookie = await signIn(first);
    const id = await createAndSend(first, cookie);

    await expect
      .poll(() => smtp.arrived(), { timeout: 30_000, interval: 20 })
      .toBeGreaterThanOrEqual(3);
    first.signal('SIGKILL');
    await first.exited;
    expect(first.exitSignal()).toBe('SIGKILL');
    const beforeRestart = smtp.mails.length;
    expect(beforeRestart).toBeLessThan(everyone.length);

    const second = await start(context, target, smtp, 60_000);
    const done = await waitUntilSent(expect, second, cookie, id);

    // Nobody twice; everyone marked sent received it; at most the one mail in hand at the kill
    // is failed (it may or may not have reached its reader: never sent again on its own).
    const counts = copies(smtp);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    const rows = await mails(target);
    expect(rows).toHaveLength(everyone.length);
    const failed = rows.filter((row) => row.status === 'failed');
    expect(failed.length).toBeLessThanOrEqual(1);
    for (const row of failed) expect(row.lastError).toBe(INTERRUPTED_MAIL_ERROR);
    for (const row of rows.filter((r) => r.status === 'sent')) {
      expect(counts.get(row.toEmail)).toBe(1);
    }
    expect(rows.filter((row) => row.status === 'sent')).toHaveLength(
      everyone.length - failed.length,
    );
    expect(done).toMatchObject({ total: 8, sent: 8 - failed.length, failed: failed.length });
    // The interrupted one is judged at the restart (its process is gone), not after the lease.
    expect(second.output().includes('"mail.interrupted"')).toBe(failed.length === 1);
    expect(second.output()).toContain('"newsletter.sent"');
  }, 120_000);

  it('two instances on one sqld send one newsletter: each recipient exactly once, by both', async (context) => {
    const { expect } = context;
    const sqld = await startTestSqld();
    const target = { url: sqld.url };
    const everyone = addresses('pair', 30);
    await seed(target, everyone);
    const smtp = await sink(context, { holdMs: 150 });
    const [a, b] = await Promise.all([
      start(context, target, smtp, 60_000),
      start(context, target, smtp, 60_000),
    ]);
    const cookie = await signIn(a!);
    const id = await createAndSend(a!, cookie);

    const done = await waitUntilSent(expect, b!, cookie, id);
    expect(done).toMatchObject({ total: 30, sent: 30, failed: 0 });
    const counts = copies(smtp);
    expect([...counts.keys()].sort()).toEqual([...everyone].sort());
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    // A queued the send and was woken at once; B found it at its next poll. With 30 mails of
    // 150 ms each, B had seconds left to take its share.
    const senders = new Set((await mails(target)).map((row) => row.claimedBy));
    expect(senders.size).toBe(2);
  }, 120_000);

  it('NEWSLETTER_RATE_PER_MINUTE=60 claims 5 mails no faster than one a second', async (context) => {
    const { expect } = context;
    const target = { file: path.join(tempFolder('newsletter-rate-'), 'app.db') };
    await seed(target, addresses('paced', 5));
    const smtp = await sink(context);
    const server = await start(context, target, smtp, 60);
    const cookie = await signIn(server);
    const id = await createAndSend(server, cookie);
    await waitUntilSent(expect, server, cookie, id);
    expect(smtp.mails).toHaveLength(5);
    // The rule is on the sender's claims: at most 60 a minute, so the k-th claim comes at least
    // k seconds (60,000 ms / 60 each) after the first. The pace keeps that schedule: a mail that
    // went a little late has the next one catch up, so a single gap may be under a second
    // while the run never gets ahead of the rate (mail/outbox/mail-loop.ts, createPace). The sink's
    // arrival times would not show it exactly: the first mail's arrival also waits for the SMTP
    // connection, so arrivals can be closer together than claims.
    const claims = (await mails(target))
      .map((row) => row.claimedAt?.getTime() ?? Number.NaN)
      .sort((a, b) => a - b);
    expect(claims).toHaveLength(5);
    const first = claims[0] ?? Number.NaN;
    claims.forEach((at, k) => expect(at - first).toBeGreaterThanOrEqual(k * 1_000));
  }, 120_000);
});
