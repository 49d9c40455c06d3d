/**
 * Two instances on one database (two connections to the file, or two clients of one libSQL
 * server in the `server-sqld` project): what one publishes, saves, unpublishes or deletes is
 * what the other's search finds at once, as the index is written in the entry's own
 * transaction (docs/content.md, "Search").
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type Db } from '#db';
import type { EntryCreateInput } from '#shared/entries';
import { callerFor, createTestDeps, signedInCookie, type Caller } from '#tests/support/app';
import { openTestDatabase } from '#tests/support/database';
import { searchEntries } from './search-query';

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
  const cookie = await signedInCookie(depsA);
  callers = [callerFor(depsA, { cookie }).caller, callerFor(depsB, { cookie }).caller];
});

afterEach(async () => {
  await closeDatabase(dbA);
  await closeDatabase(dbB);
});

const CASE: EntryCreateInput = {
  kind: 'case_study',
  slug: 'answers-in-minutes',
  title: 'Answers in minutes',
  summary: 'A support team cut its time to answer.',
  body: 'An agent drafts every reply.',
};

const urls = async (db: Db, q: string) => (await searchEntries(db, q)).map((r) => r.url);

describe('search on two instances', () => {
  it("each instance's writes are found, or gone, on the other at once", async () => {
    const [a, b] = callers;
    const { entry } = await a.entries.create(CASE);
    expect(await urls(dbB, 'agent')).toEqual([]);

    await a.entries.publish({ id: entry.id });
    expect(await urls(dbB, 'agent')).toEqual(['/case-studies/answers-in-minutes']);

    await b.entries.save({ ...CASE, id: entry.id, baseVersion: 1, body: 'A model drafts.' });
    expect(await urls(dbA, 'agent')).toEqual([]);
    expect(await urls(dbA, 'model')).toEqual(['/case-studies/answers-in-minutes']);

    await b.entries.unpublish({ id: entry.id });
    expect(await urls(dbA, 'model')).toEqual([]);
    await a.entries.publish({ id: entry.id });
    expect(await urls(dbB, 'model')).toEqual(['/case-studies/answers-in-minutes']);

    await a.entries.remove({ id: entry.id });
    expect(await urls(dbB, 'model')).toEqual([]);
  });

  it('publishes on both at once are all found on both', async () => {
    const created = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        callers[i % 2]!.entries.create({ ...CASE, slug: `answers-${i}` }),
      ),
    );
    await Promise.all(
      created.map(({ entry }, i) => callers[(i + 1) % 2]!.entries.publish({ id: entry.id })),
    );
    expect(await urls(dbA, 'agent')).toHaveLength(6);
    expect(await urls(dbB, 'answers minutes')).toHaveLength(6);
  });
});
