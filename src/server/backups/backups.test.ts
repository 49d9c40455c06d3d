/**
 * Verified backups (docs/operations.md, "Backups") against a real SQLite file, a folder and an
 * S3 server on 127.0.0.1 (s3rver behind a proxy that can fail or corrupt on purpose).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeDatabase, openDatabase, writeTransaction, type Db } from '#db';
import { sha256Of } from '#db/backup-file';
import { backupRuns, outbox, tags } from '#db/schema';
import type { BackupConfig } from '#server/platform/backup-config';
import { createRecordingMailer, createTestClock, type TestClock } from '#tests/support/app';
import { tempFolder } from '#tests/support/database';
import { startTestS3, type TestS3 } from '#tests/support/s3-server';
import { sealOutboxWith } from '#server/mail/outbox/outbox-seal';
import { manifestVerifies, parseManifest } from './manifest';
import { storesOf } from './places';
import { listBackups, restoreBackup } from './restore';
import { backupStatus, backupTimes } from './runs';
import { dueOf } from './schedule';
import { takeBackup, type BackupDeps } from './take-backup';

const HOUR = 60 * 60 * 1000;
const SECRET = 'the-site-session-secret-the-site-session-secret';
const trust = { sessionSecret: SECRET, unverified: false };
let s3: TestS3;
let prefixes = 0;

beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3.stop();
});

async function fresh(): Promise<{ db: Db; file: string }> {
  const file = path.join(tempFolder('backups-'), 'app.db');
  const db = await openDatabase({ file });
  // As createApp does: a failure's mail to the owner waits sealed (docs/mail.md).
  sealOutboxWith(db, SECRET);
  await addTags(db, ['alpha', 'beta', 'gamma']);
  return { db, file };
}

async function addTags(db: Db, names: string[]) {
  await writeTransaction(db, (tx) =>
    tx.insert(tags).values(names.map((name) => ({ name, createdAt: new Date() }))),
  );
}

function settings(places: { dir?: boolean; s3?: boolean }, keep = 14): BackupConfig {
  return {
    dir: places.dir ? path.join(tempFolder('backup-dir-'), 'backups') : null,
    s3: places.s3
      ? {
          bucket: s3.bucket,
          prefix: `site-${++prefixes}`,
          endpoint: s3.endpoint,
          region: 'us-east-1',
          credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        }
      : null,
    everyHours: 24,
    keep,
  };
}

function deps(db: Db, backups: BackupConfig, clock: TestClock, notify = false): BackupDeps {
  return {
    db,
    backups,
    sessionSecret: SECRET,
    clock,
    notify: notify
      ? { mailer: createRecordingMailer(), to: 'owner@example.com', siteUrl: 'http://localhost' }
      : null,
  };
}

it('puts a verified backup to the folder and S3, lists it, prunes to BACKUP_KEEP and restores it', async () => {
  const { db, file } = await fresh();
  const backups = settings({ dir: true, s3: true }, 2);
  const clock = createTestClock();
  const keys: string[] = [];
  for (let i = 0; i < 3; i++) {
    clock.set(new Date(clock.now().getTime() + HOUR));
    const outcome = await takeBackup(deps(db, backups, clock));
    expect(outcome).toMatchObject({ status: 'ok' });
    if (outcome.status === 'ok') {
      expect(outcome.places).toEqual([backups.dir, `s3://${s3.bucket}/${backups.s3?.prefix}`]);
      keys.push(outcome.key);
    }
  }
  // Each place holds the newest two: the first one was pruned from both.
  const listed = await listBackups(storesOf(backups));
  expect(listed.map((b) => b.key).sort()).toEqual([keys[1], keys[1], keys[2], keys[2]].sort());
  expect(listed[0]).toMatchObject({ key: keys[2], at: new Date(clock.now()).toISOString() });
  const runs = await db.select().from(backupRuns).all();
  expect(runs.map((r) => r.ok)).toEqual([true, true, true]);

  // The manifest in the folder describes the compressed file beside it.
  const dir = backups.dir ?? '';
  const manifest = parseManifest(readFileSync(path.join(dir, `${keys[2]}.json`), 'utf8'));
  expect(manifest).toMatchObject({
    format: 2,
    key: keys[2],
    tables: { tags: 3 },
    schemaVersion: expect.stringMatching(/^\d{4}_/),
  });
  expect(manifest && manifestVerifies(manifest, SECRET)).toBe(true);
  expect(await sha256Of(path.join(dir, keys[2] ?? ''))).toBe(manifest?.sha256);
  expect(readdirSync(dir).sort()).toEqual(
    [keys[1], `${keys[1]}.json`, keys[2], `${keys[2]}.json`].sort(),
  );

  // A tag written after the last backup, then the backup restored from S3 by its key.
  await addTags(db, ['after']);
  await closeDatabase(db);
  const s3Only = storesOf({ ...backups, dir: null });
  const result = await restoreBackup({
    databaseFile: file,
    source: keys[2] ?? '',
    stores: s3Only,
    trust,
    now: new Date(),
  });
  expect(result).toMatchObject({
    from: `s3://${s3.bucket}/${backups.s3?.prefix}/${keys[2]}`,
    manifest: true,
  });
  expect(existsSync(`${file}-wal`) || existsSync(`${file}-shm`)).toBe(false);
  const names = (f: string) => {
    const connection = new Database(f, { readonly: true });
    try {
      return connection.prepare('select name from tags order by name').pluck().all() as string[];
    } finally {
      connection.close();
    }
  };
  expect(names(file)).toEqual(['alpha', 'beta', 'gamma']);
  // The replaced file is whole: its -wal was folded in before it was moved aside.
  expect(result.replaced).toMatch(/app\.db\.replaced-\d{4}-/);
  expect(names(result.replaced ?? '')).toEqual(['after', 'alpha', 'beta', 'gamma']);
  const reopened = await openDatabase({ file });
  expect((await reopened.select().from(tags).all()).length).toBe(3);
  await closeDatabase(reopened);
});

it('records a store that fails on PUT as a failure, counts nothing, and mails the owner once a day', async () => {
  const { db } = await fresh();
  const backups = settings({ dir: true, s3: true });
  const clock = createTestClock();
  s3.fault = 'fail-put';
  try {
    const first = await takeBackup(deps(db, backups, clock, true));
    expect(first).toMatchObject({
      status: 'failed',
      error: expect.stringContaining(`s3://${s3.bucket}/`),
    });
    // What the run put in the folder went with it.
    expect(readdirSync(backups.dir ?? '')).toEqual([]);
    clock.set(new Date(clock.now().getTime() + 2 * HOUR));
    expect(await takeBackup(deps(db, backups, clock, true))).toMatchObject({ status: 'failed' });
    let mails = await db.select().from(outbox).all();
    expect(mails.map((m) => [m.kind, m.toEmail, m.subject])).toEqual([
      ['notice', 'owner@example.com', 'A backup of the site failed'],
    ]);
    // A day after the mailed one, the next failure is mailed again.
    clock.set(new Date(clock.now().getTime() + 23 * HOUR));
    expect(await takeBackup(deps(db, backups, clock, true))).toMatchObject({ status: 'failed' });
    mails = await db.select().from(outbox).all();
    expect(mails.length).toBe(2);
  } finally {
    s3.fault = 'none';
  }
  const runs = await db.select().from(backupRuns).all();
  expect(runs.map((r) => [r.ok, r.mailed])).toEqual([
    [false, true],
    [false, false],
    [false, true],
  ]);
  expect(await listBackups(storesOf(backups))).toEqual([]);
  const times = await backupTimes(db);
  expect(times).toEqual({ lastSuccessAt: null, lastFailureAt: runs[2]?.finishedAt });
  const status = await backupStatus(db, { places: [], everyHours: 24 }, clock.now());
  expect(status.warning).toMatch(/^The last backup failed: s3:\/\//);
  await closeDatabase(db);
});

it('does not count a backup that S3 hands back corrupted', async () => {
  const { db } = await fresh();
  const backups = settings({ s3: true });
  s3.fault = 'corrupt-get';
  try {
    const outcome = await takeBackup(deps(db, backups, createTestClock()));
    expect(outcome).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/SHA-256 .* differs from the manifest's/),
    });
  } finally {
    s3.fault = 'none';
  }
  expect(await backupTimes(db)).toMatchObject({ lastSuccessAt: null });
  expect(await listBackups(storesOf(backups))).toEqual([]);
  await closeDatabase(db);
});

it('lets one of two instances taking a backup at once take it, and none while it is not due', async () => {
  const { db, file } = await fresh();
  const other = await openDatabase({ file });
  const backups = settings({ dir: true });
  const clock = createTestClock();
  const due = dueOf(backups.everyHours);
  const outcomes = await Promise.all([
    takeBackup(deps(db, backups, clock), due),
    takeBackup(deps(other, backups, clock), due),
  ]);
  expect(outcomes.map((o) => o.status).sort()).toEqual(['ok', 'skipped']);
  expect(readdirSync(backups.dir ?? '').filter((n) => n.endsWith('.gz')).length).toBe(1);
  // Done and released: the next look within BACKUP_EVERY_HOURS finds nothing due.
  clock.set(new Date(clock.now().getTime() + 23 * HOUR));
  expect(await takeBackup(deps(other, backups, clock), due)).toEqual({
    status: 'skipped',
    heldBy: null,
  });
  clock.set(new Date(clock.now().getTime() + 2 * HOUR));
  expect(await takeBackup(deps(other, backups, clock), due)).toMatchObject({ status: 'ok' });
  expect((await db.select().from(backupRuns).all()).length).toBe(2);
  await closeDatabase(other);
  await closeDatabase(db);
});

it('warns on the Overview when the last good backup is older than twice the interval', async () => {
  const { db } = await fresh();
  const backups = settings({ dir: true });
  const clock = createTestClock();
  const place = { places: [backups.dir ?? ''], everyHours: 24 };
  expect(await backupStatus(db, null, clock.now())).toMatchObject({
    configured: false,
    warning: null,
  });
  expect((await backupStatus(db, place, clock.now())).warning).toBe(
    'No backup has been taken and checked yet.',
  );
  const outcome = await takeBackup(deps(db, backups, clock));
  const fine = await backupStatus(db, place, new Date(clock.now().getTime() + 47 * HOUR));
  expect(fine).toMatchObject({
    warning: null,
    lastGood: { key: outcome.status === 'ok' ? outcome.key : '' },
  });
  const old = await backupStatus(db, place, new Date(clock.now().getTime() + 49 * HOUR));
  expect(old.warning).toBe('The last good backup is older than 48 hours.');
  await closeDatabase(db);
});

it("shows the restored backup as the last good one on the restored site's Overview", async () => {
  const { db, file } = await fresh();
  const backups = settings({ dir: true });
  const clock = createTestClock();
  const keys: string[] = [];
  for (let i = 0; i < 2; i++) {
    clock.set(new Date(clock.now().getTime() + HOUR));
    const outcome = await takeBackup(deps(db, backups, clock));
    if (outcome.status === 'ok') keys.push(outcome.key);
  }
  await closeDatabase(db);
  await restoreBackup({
    databaseFile: file,
    source: keys[1] ?? '',
    stores: storesOf(backups),
    trust,
    now: clock.now(),
  });
  // The copy was taken before its own run was recorded: without the restore's record, the
  // restored site's newest good backup was the one before.
  const restored = await openDatabase({ file });
  const status = await backupStatus(restored, { places: [], everyHours: 24 }, clock.now());
  expect(status.lastGood).toMatchObject({ key: keys[1], at: clock.now(), places: [backups.dir] });
  expect(status.warning).toBeNull();
  await closeDatabase(restored);
});
