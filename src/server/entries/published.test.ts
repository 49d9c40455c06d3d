/**
 * What the pages will read (published.ts): a published entry by kind and slug, the answer of
 * an address an entry left (301 to where it is now) or a deleted one's (410), and the
 * published list, newest first, 12 a page.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { EntryCreateInput } from '#shared/entries';
import { adminCaller, createTestDeps, type Caller, type TestDeps } from '#tests/support/app';
import { oldSlugAnswer, publishedEntry, publishedPage } from './published';

let deps: TestDeps;
let admin: Caller;

beforeEach(async () => {
  deps = await createTestDeps();
  admin = await adminCaller(deps);
});

const CASE: EntryCreateInput = {
  kind: 'case_study',
  slug: 'first-address',
  title: 'Answers in minutes',
  summary: 'A support team cut its time to answer.',
  body: 'Text',
};

async function createPublished(input: EntryCreateInput = CASE) {
  const { entry } = await admin.entries.create(input);
  return (await admin.entries.publish({ id: entry.id })).entry;
}

/** Saves the entry under a new slug over its current version. */
async function move(id: number, slug: string) {
  const { entry } = await admin.entries.get({ id });
  return (await admin.entries.save({ ...CASE, id, slug, baseVersion: entry.version })).entry;
}

describe('publishedEntry', () => {
  it('answers a published entry of that kind and slug, never a draft or another kind', async () => {
    const { entry } = await admin.entries.create(CASE);
    expect(await publishedEntry(deps.db, 'case_study', 'first-address')).toBeNull();
    const published = (await admin.entries.publish({ id: entry.id })).entry;
    expect(await publishedEntry(deps.db, 'case_study', 'first-address')).toEqual(published);
    expect(await publishedEntry(deps.db, 'insight', 'first-address')).toBeNull();
    await admin.entries.unpublish({ id: entry.id });
    expect(await publishedEntry(deps.db, 'case_study', 'first-address')).toBeNull();
  });
});

describe('oldSlugAnswer', () => {
  it('answers 301 to the published entry’s address from every address it left', async () => {
    const entry = await createPublished();
    await move(entry.id, 'second-address');
    await move(entry.id, 'third-address');
    for (const old of ['first-address', 'second-address']) {
      expect(await oldSlugAnswer(deps.db, 'case_study', old)).toEqual({
        status: 301,
        slug: 'third-address',
      });
    }
    // Its own address, another kind's, and one nobody had: nothing to say.
    expect(await oldSlugAnswer(deps.db, 'case_study', 'third-address')).toBeNull();
    expect(await oldSlugAnswer(deps.db, 'insight', 'first-address')).toBeNull();
    expect(await oldSlugAnswer(deps.db, 'case_study', 'never-was')).toBeNull();
  });

  it('keeps nothing for a slug changed while never published; nothing while it is a draft', async () => {
    const { entry } = await admin.entries.create(CASE);
    await move(entry.id, 'second-address');
    expect(await oldSlugAnswer(deps.db, 'case_study', 'first-address')).toBeNull();
    await admin.entries.publish({ id: entry.id });
    await move(entry.id, 'third-address');
    expect(await oldSlugAnswer(deps.db, 'case_study', 'second-address')).toEqual({
      status: 301,
      slug: 'third-address',
    });
    // Unpublished: its old addresses are the 404 page, as its own is.
    await admin.entries.unpublish({ id: entry.id });
    expect(await oldSlugAnswer(deps.db, 'case_study', 'second-address')).toBeNull();
  });

  it('gives an address back to the entry that returns to it', async () => {
    const entry = await createPublished();
    await move(entry.id, 'second-address');
    await move(entry.id, 'first-address');
    expect(await publishedEntry(deps.db, 'case_study', 'first-address')).toMatchObject({
      id: entry.id,
    });
    expect(await oldSlugAnswer(deps.db, 'case_study', 'first-address')).toBeNull();
    expect(await oldSlugAnswer(deps.db, 'case_study', 'second-address')).toEqual({
      status: 301,
      slug: 'first-address',
    });
  });

  it('answers 410 for a deleted published entry’s address and the ones it left', async () => {
    const entry = await createPublished();
    await move(entry.id, 'second-address');
    await admin.entries.remove({ id: entry.id });
    for (const slug of ['first-address', 'second-address']) {
      expect(await oldSlugAnswer(deps.db, 'case_study', slug)).toEqual({ status: 410 });
    }
    // A deleted draft that was never public leaves nothing.
    const { entry: draft } = await admin.entries.create({ ...CASE, slug: 'a-draft' });
    await admin.entries.remove({ id: draft.id });
    expect(await oldSlugAnswer(deps.db, 'case_study', 'a-draft')).toBeNull();
  });

  it('lets a published entry that takes an old address win over the record', async () => {
    const gone = await createPublished();
    await admin.entries.remove({ id: gone.id });
    // A slug made from the title never takes the old address…
    const { entry: made } = await admin.entries.create({ ...CASE, slug: undefined });
    expect(made.slug).toBe('answers-in-minutes');
    // …but the owner may give it.
    const reused = await createPublished(CASE);
    expect(await oldSlugAnswer(deps.db, 'case_study', 'first-address')).toBeNull();
    expect(await publishedEntry(deps.db, 'case_study', 'first-address')).toMatchObject({
      id: reused.id,
    });
  });

  it('makes no slug from a title that would take a 301 or a 410', async () => {
    const entry = await createPublished({ ...CASE, slug: undefined });
    await move(entry.id, 'elsewhere');
    const { entry: next } = await admin.entries.create({ ...CASE, slug: undefined });
    expect(next.slug).toBe('answers-in-minutes-2');
  });
});

describe('publishedPage', () => {
  it('lists a kind’s published entries, newest publication first, 12 a page, without bodies', async () => {
    for (let i = 1; i <= 14; i++) {
      deps.clock.advance(1000);
      await createPublished({ ...CASE, slug: undefined, title: `Case ${i}` });
    }
    await admin.entries.create({ ...CASE, slug: undefined, title: 'A draft' });
    await createPublished({ ...CASE, kind: 'insight', title: 'An insight' });

    const first = await publishedPage(deps.db, 'case_study');
    expect(first).toMatchObject({ total: 14, page: 1, pageSize: 12 });
    expect(first.entries.map((e) => e.title).slice(0, 3)).toEqual([
      'Case 14',
      'Case 13',
      'Case 12',
    ]);
    expect(first.entries[0]).not.toHaveProperty('body');
    const second = await publishedPage(deps.db, 'case_study', 2);
    expect(second.entries.map((e) => e.title)).toEqual(['Case 2', 'Case 1']);
    expect((await publishedPage(deps.db, 'insight')).entries.map((e) => e.title)).toEqual([
      'An insight',
    ]);
  });
});
