/**
 * Two instances on one database (two connections to the file, or two clients of one libSQL
 * server in the `server-sqld` project): saves on one version and creates of one slug sent to
 * both at once still give one winner and 409s, and a publish on one is read at once by the
 * other's reads for the pages.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type Db } from '#db';
import { entries, entryVersions } from '#db/schema';
import type { EntryCreateInput } from '#shared/entries';
import { callerFor, createTestDeps, signedInCookie, type Caller } from '#tests/support/app';
import { openTestDatabase } from '#tests/support/database';
import { publishedEntry } from './published';

let dbA: Db;
let dbB: Db;
let callers: [Caller, Caller];

beforeEach(async () => {
  const { db, target } = await openTestDatabase();
  await closeDatabase(db);
  dbA = await openDatabase(target);
  dbB = await openDatabase(target);
  const depsA = await createTestDeps({ db: dbA });
  const depsB = await createTestDeps({ db: dbB });
  // One session, stored in the shared database, used on both instances.
  const cookie = await signedInCookie(depsA);
  callers = [callerFor(depsA, { cookie }).caller, callerFor(depsB, { cookie }).caller];
});

afterEach(async () => {
  await closeDatabase(dbA);
  await closeDatabase(dbB);
});

const CASE: EntryCreateInput = {
  kind: 'case_study',
  slug: 'one-address',
  title: 'Answers in minutes',
  summary: 'A support team cut its time to answer.',
  body: 'Text',
};

const codes = (results: PromiseSettledResult<unknown>[]) =>
  results.map((r) => (r.status === 'fulfilled' ? 'ok' : (r.reason as { code: string }).code));

describe('entries on two instances', () => {
  it('creates of one slug at once on both: one stored, the others 409', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => callers[i % 2]!.entries.create(CASE)),
    );
    expect(codes(results).sort()).toEqual([
      'CONFLICT',
      'CONFLICT',
      'CONFLICT',
      'CONFLICT',
      'CONFLICT',
      'ok',
    ]);
    expect(await dbB.select().from(entries).all()).toHaveLength(1);
  });

  it('saves on one version at once on both: one goes through, the others 409', async () => {
    const { entry } = await callers[0].entries.create(CASE);
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) =>
        callers[i % 2]!.entries.save({ ...CASE, id: entry.id, baseVersion: 1, title: `T${i}` }),
      ),
    );
    expect(codes(results).filter((c) => c === 'ok')).toHaveLength(1);
    expect(await dbA.select().from(entryVersions).all()).toHaveLength(2);
  });

  it('a publish on one instance is read at once on the other', async () => {
    const { entry } = await callers[0].entries.create(CASE);
    expect(await publishedEntry(dbB, 'case_study', 'one-address')).toBeNull();
    await callers[0].entries.publish({ id: entry.id });
    expect(await publishedEntry(dbB, 'case_study', 'one-address')).toMatchObject({
      id: entry.id,
      status: 'published',
    });
  });
});
