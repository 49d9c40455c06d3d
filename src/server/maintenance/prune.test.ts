import Database from 'better-sqlite3';
import { eq } from 'drizzle-orm';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, writeTransaction } from '#db';
import {
  auditEvents,
  outbox,
  sessions,
  subscriberConfirmations,
  throttleEvents,
  totpCredentials,
} from '#db/schema';
import { AUDIT_RETENTION_DAYS } from '#shared/audit';
import { auditInsert } from '#server/audit/record';
import { CONFIRMATION_TTL_MS } from '#server/newsletter/tokens';
import { startSqld, type SqldProcess } from '../../../scripts/sqld-process';
import { startTestSqld, tempFolder } from '#tests/support/database';
import { SESSION_TTL_MS } from '#server/identity/sessions/session';
import {
  accountCheckBucket,
  devicesOfBucket,
  loginAddressBucket,
  unknownNameBucket,
  userFailuresBucket,
} from '#server/identity/ways-in/login-throttle';
import { codesSentBucket } from '#server/identity/second-factors/two-factor';
import { wrongCodesBucket } from '#server/identity/ways-in/login-throttle';
import { DEVICE_FAILURES } from '#server/identity/ways-in/throttle-rules';
import { emailCodesBucket } from '#server/identity/account/email-change';
import { testsBucket } from '#server/newsletter/newsletters-router';
import { addressBucket } from '#server/platform/throttle-buckets';
import type { ThrottleRule } from '#server/platform/throttle';
import { accountWrongCodesBucket } from '#server/identity/second-factors/factor-proof';
import { createMemoryLogger } from '#tests/support/logger';
import { queueMail } from '#server/mail/outbox/queue-mail';
import { OUTBOX_KEPT_DAYS } from '#server/mail/outbox/outbox-prune';
import { pruneExpired, pruneSafely, THROTTLE_RULES } from './prune';
import { callerFor, createTestDeps, signedInCookie, testConfig } from '#tests/support/app';
import { enableTotpFor, passwordSession } from '#tests/support/totp';
import { insertUser, PASSWORD } from '#tests/support/users';

it('drops expired sessions and stale throttle events, keeps live ones', async () => {
  const deps = await createTestDeps();
  const old = await signedInCookie(deps, 'old');
  await writeTransaction(deps.db, (tx) =>
    tx.insert(throttleEvents).values({
      bucket: 'login-fail:ip:1',
      // Older than the longest throttle window (a day: the device cookies' daily cap).
      at: new Date(deps.clock.now().getTime() - DEVICE_FAILURES.windowMs),
    }),
  );
  deps.clock.advance(SESSION_TTL_MS - 60_000);
  const fresh = await signedInCookie(deps, 'fresh');
  await writeTransaction(deps.db, (tx) =>
    tx.insert(throttleEvents).values({ bucket: 'login-fail:ip:2', at: deps.clock.now() }),
  );
  deps.clock.advance(120_000);

  await pruneExpired(deps.db, deps.clock.now(), deps.config);

  expect(await deps.db.select().from(sessions).all()).toHaveLength(1);
  expect((await deps.db.select().from(throttleEvents).all()).map((e) => e.bucket)).toEqual([
    'login-fail:ip:2',
  ]);
  expect((await callerFor(deps, { cookie: fresh }).caller.admin.check()).username).toBe('fresh');
  expect((await callerFor(deps, { cookie: old }).caller.admin.check()).authenticated).toBe(false);
});

it('drops newsletter confirmation links once they expire, keeps live ones', async () => {
  const deps = await createTestDeps();
  const subscribe = (email: string) => callerFor(deps).caller.newsletter.subscribe({ email });
  await subscribe('old@example.com');
  deps.clock.advance(CONFIRMATION_TTL_MS - 60_000);
  await subscribe('new@example.com');
  deps.clock.advance(120_000);

  await pruneExpired(deps.db, deps.clock.now(), deps.config);

  const kept = await deps.db.select().from(subscriberConfirmations).all();
  expect(kept.map((row) => row.subscriberId)).toEqual([2]);
});

it('drops authenticator set-ups not confirmed within 15 minutes, never an app that is on', async () => {
  const deps = await createTestDeps();
  const on = await insertUser(deps, 'on');
  await enableTotpFor(deps, await passwordSession(deps, 'on'));
  await insertUser(deps, 'stale');
  const stale = callerFor(deps, { cookie: await passwordSession(deps, 'stale') }).caller;
  await stale.secondFactor.totpSetup({ password: PASSWORD });
  deps.clock.advance(15 * 60_000 - 60_000);
  const kept = [on.id, (await insertUser(deps, 'fresh')).id].sort();
  const fresh = callerFor(deps, { cookie: await passwordSession(deps, 'fresh') }).caller;
  await fresh.secondFactor.totpSetup({ password: PASSWORD });
  deps.clock.advance(120_000);

  await pruneExpired(deps.db, deps.clock.now(), deps.config);

  const rows = await deps.db.select().from(totpCredentials).all();
  expect(rows.map((row) => row.userId).sort()).toEqual(kept);
});

it('keeps audit entries one year, then deletes them', async () => {
  const deps = await createTestDeps();
  const entry = (target: string) =>
    writeTransaction(deps.db, async (tx) => {
      await auditInsert(tx, deps.clock.now(), {
        action: 'sign_in_failed',
        actor: null,
        target,
        ip: '203.0.113.7',
      });
    });
  await entry('old');
  deps.clock.advance(AUDIT_RETENTION_DAYS * 86_400_000 - 60_000);
  await entry('recent');
  deps.clock.advance(120_000);

  await pruneExpired(deps.db, deps.clock.now(), deps.config);

  const kept = await deps.db.select().from(auditEvents).all();
  expect(kept.map((row) => [row.target, row.address])).toEqual([['recent', '203.0.113.x']]);
});

it('drops settled mail from the outbox once its time is past (mail/outbox/outbox-prune.ts)', async () => {
  const deps = await createTestDeps();
  const notice = (subject: string) =>
    writeTransaction(deps.db, async (tx) => {
      const id = await queueMail(
        tx,
        { kind: 'notice', message: { to: 'owner@example.com', subject, text: 'Hi' } },
        deps.clock.now(),
      );
      await tx.update(outbox).set({ status: 'sent' }).where(eq(outbox.id, id)).run();
    });
  await notice('old');
  deps.clock.advance(OUTBOX_KEPT_DAYS * 86_400_000 - 60_000);
  await notice('recent');
  deps.clock.advance(120_000);

  await pruneExpired(deps.db, deps.clock.now(), deps.config);

  const kept = await deps.db.select({ subject: outbox.subject }).from(outbox).all();
  expect(kept).toEqual([{ subject: 'recent' }]);
});

function lastLine(logger: { lines: string[] }): Record<string, unknown> {
  return JSON.parse(logger.lines.at(-1) ?? '{}') as Record<string, unknown>;
}

it('a database file locked past the busy retries makes pruning log an error, never throw', async () => {
  const file = path.join(tempFolder('prune-'), 'app.db');
  const db = await openDatabase({ file });
  const other = new Database(file);
  try {
    // Another process (the CLI, a manual edit) holds the write lock longer than the server
    // waits for it (writeTransaction's busy retries, a few seconds), so the write gives up.
    other.exec('BEGIN IMMEDIATE');
    const logger = createMemoryLogger();

    expect(await pruneSafely(db, new Date(), testConfig(), logger)).toBe(false);

    expect(lastLine(logger)).toMatchObject({
      level: 'error',
      event: 'maintenance.prune_failed',
      error: expect.stringMatching(/^SQLITE_BUSY: /),
    });
    other.exec('COMMIT');
    expect(await pruneSafely(db, new Date(), testConfig(), logger)).toBe(true);
  } finally {
    other.close();
    await closeDatabase(db);
  }
});

it('a libSQL server that is down makes pruning log an error, never throw', async () => {
  const sqld = await startTestSqld();
  const db = await openDatabase({ url: sqld.url });
  await sqld.kill();
  let again: SqldProcess | undefined;
  try {
    const logger = createMemoryLogger();

    expect(await pruneSafely(db, new Date(), testConfig(), logger)).toBe(false);

    expect(lastLine(logger)).toMatchObject({
      level: 'error',
      event: 'maintenance.prune_failed',
      error: expect.stringMatching(/\S/),
    });
    // Back on the same address and data: the next round prunes again.
    again = await startSqld(sqld.dataDir, { port: sqld.port });
    expect(await pruneSafely(db, new Date(), testConfig(), logger)).toBe(true);
  } finally {
    await closeDatabase(db);
    await again?.stop();
  }
});

describe('throttle events', () => {
  it('drops each kind of event once its own window has passed, as the features name them', async () => {
    const deps = await createTestDeps();
    const secret = deps.config.sessionSecret;
    const ip = '203.0.113.7';
    const minutes = (n: number) => n * 60_000;
    // Each bucket as its feature builds it, with the window its rule counts in.
    const cases: [string, number][] = [
      [addressBucket('contact', secret, ip), minutes(10)],
      [addressBucket('subscribe', secret, ip), minutes(10)],
      [loginAddressBucket({ config: deps.config, req: { ip } }), minutes(15)],
      [userFailuresBucket(1), minutes(15)],
      [unknownNameBucket(secret, 'mallory'), minutes(15)],
      [accountCheckBucket(1, 'a-session-id'), minutes(15)],
      [`passkey-${addressBucket('login-fail', secret, ip)}`, minutes(15)],
      [accountWrongCodesBucket(1, 'a-session-id'), minutes(15)],
      [codesSentBucket(1), minutes(15)],
      [emailCodesBucket(1), minutes(15)],
      [testsBucket(1), minutes(60)],
      [wrongCodesBucket(1), minutes(24 * 60)],
      // A kind inside another (login-fail): kept for its own day, not the 15 minutes.
      [devicesOfBucket(1), minutes(24 * 60)],
      // A bucket no kind names: kept for the longest window.
      ['unlisted:1', minutes(24 * 60)],
    ];
    const start = deps.clock.now().getTime();
    await writeTransaction(deps.db, (tx) =>
      tx.insert(throttleEvents).values(cases.map(([bucket]) => ({ bucket, at: new Date(start) }))),
    );
    const left = async () =>
      (await deps.db.select().from(throttleEvents).all()).map((e) => e.bucket).sort();
    const keptAfter = (elapsed: number) =>
      cases
        .filter(([, window]) => window >= elapsed)
        .map(([bucket]) => bucket)
        .sort();

    for (const window of [...new Set(cases.map(([, w]) => w))].sort((a, b) => a - b)) {
      // Just inside the window the event still counts; just past it, it is gone.
      await pruneExpired(deps.db, new Date(start + window - 1000), deps.config);
      expect(await left(), `${window / 60_000} minutes`).toEqual(keptAfter(window));
      await pruneExpired(deps.db, new Date(start + window + 1), deps.config);
      expect(await left(), `past ${window / 60_000} minutes`).toEqual(keptAfter(window + 1));
    }
    expect(await left()).toEqual([]);
  });

  it('reads every rule of every feature: each throttle-rules.ts under src/server', async () => {
    const server = path.join(import.meta.dirname, '..');
    const files = readdirSync(server, { recursive: true, encoding: 'utf8' }).filter(
      (file) => path.basename(file) === 'throttle-rules.ts',
    );
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const rules: Record<string, ThrottleRule> = await import(path.join(server, file));
      for (const [name, rule] of Object.entries(rules)) {
        expect(THROTTLE_RULES, `${file}: ${name}`).toContain(rule);
      }
    }
  });
});
