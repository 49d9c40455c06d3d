/**
 * `entries.*` through createCaller (docs/content.md, "Case studies and insights"): drafts
 * with versions, the slug made or refused, saves over a version they saw, publish, unpublish,
 * delete, their audit entries, and bad input refused with nothing stored.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { entries, entryVersions } from '#db/schema';
import { ENTRY_MESSAGES, type EntryCreateInput } from '#shared/entries';
import { MESSAGES } from '#shared/messages';
import {
  callerFor,
  createTestDeps,
  signedInCookie,
  type Caller,
  type TestDeps,
} from '#tests/support/app';
import { auditEntries } from '#tests/support/audit';
import { failure, issuesOf } from '#tests/support/trpc-errors';
import { toHttpError } from '#server/http/errors';

let deps: TestDeps;
let alice: Caller;
let bob: Caller;

beforeEach(async () => {
  deps = await createTestDeps();
  alice = callerFor(deps, { cookie: await signedInCookie(deps, 'alice') }).caller;
  bob = callerFor(deps, { cookie: await signedInCookie(deps, 'bob') }).caller;
});

const CASE: EntryCreateInput = {
  kind: 'case_study',
  title: 'Answers in minutes, not days',
  summary: 'A support team cut its time to answer with a retrieval assistant.',
  body: '## The problem\n\nTickets waited **two days**.\n\n```ts\nconst x = 1;\n```\n',
  client: 'Harbor Logistics',
  industry: 'Logistics',
  results: [{ label: 'Time to answer', value: '-63 %' }],
  tags: ['Support', 'RAG'],
};

const stored = async () => (await deps.db.select().from(entries).all()).length;
const actions = async () => (await auditEntries(deps.db)).map((e) => [e.action, e.actor, e.target]);

describe('creating', () => {
  it('stores a draft, version 1, with a slug made from the title, audited', async () => {
    const { entry } = await alice.entries.create(CASE);
    expect(entry).toEqual({
      id: 1,
      kind: 'case_study',
      slug: 'answers-in-minutes-not-days',
      title: CASE.title,
      summary: CASE.summary,
      body: CASE.body,
      client: 'Harbor Logistics',
      industry: 'Logistics',
      results: [{ label: 'Time to answer', value: '-63 %' }],
      coverImage: null,
      tags: ['Support', 'RAG'],
      status: 'draft',
      publishedAt: null,
      updatedAt: '2026-01-15T10:00:00.000Z',
      version: 1,
    });
    expect(await bob.entries.get({ id: entry.id })).toEqual({
      entry,
      versions: [{ version: 1, at: '2026-01-15T10:00:00.000Z', by: 'alice' }],
    });
    expect(await actions()).toEqual([
      ['entry_created', 'alice', 'case study 1 (answers-in-minutes-not-days)'],
    ]);
  });

  it('trims fields, stores blank client and industry as null, results and tags as given', async () => {
    const { entry } = await alice.entries.create({
      kind: 'insight',
      title: '  Why evals come first  ',
      summary: ' Test before you ship. ',
      body: 'Text',
      client: '   ',
    });
    expect(entry).toMatchObject({
      kind: 'insight',
      slug: 'why-evals-come-first',
      title: 'Why evals come first',
      summary: 'Test before you ship.',
      client: null,
      industry: null,
      results: [],
      tags: [],
    });
  });

  it('numbers a made slug that is taken, per kind; takes a given one as it is', async () => {
    const slugs = [];
    for (let i = 0; i < 3; i++) slugs.push((await alice.entries.create(CASE)).entry.slug);
    slugs.push((await alice.entries.create({ ...CASE, kind: 'insight' })).entry.slug);
    slugs.push((await alice.entries.create({ ...CASE, slug: 'harbor-2026' })).entry.slug);
    expect(slugs).toEqual([
      'answers-in-minutes-not-days',
      'answers-in-minutes-not-days-2',
      'answers-in-minutes-not-days-3',
      'answers-in-minutes-not-days',
      'harbor-2026',
    ]);
  });

  it('refuses a given slug another entry of the kind has: 409 naming `slug`, nothing stored', async () => {
    await alice.entries.create({ ...CASE, slug: 'harbor' });
    const error = await failure(alice.entries.create({ ...CASE, slug: 'harbor' }));
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toBe(ENTRY_MESSAGES.slugTaken);
    expect(toHttpError(error)).toMatchObject({
      status: 409,
      issues: [{ path: 'slug', message: ENTRY_MESSAGES.slugTaken }],
    });
    expect(await stored()).toBe(1);
    // The other kind has its own addresses.
    expect(
      (await alice.entries.create({ ...CASE, kind: 'insight', slug: 'harbor' })).entry.slug,
    ).toBe('harbor');
  });

  it('of the same slug at once: one stored, the others 409', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => alice.entries.create({ ...CASE, slug: 'same-slug' })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(refused.map((e: { code: string }) => e.code)).toEqual(Array(5).fill('CONFLICT'));
    expect(await stored()).toBe(1);
  });
});

describe('bad input: 400 naming the field, nothing stored', () => {
  const cases: [string, Partial<Record<keyof EntryCreateInput, unknown>>, string, string][] = [
    ['a slug with capitals', { slug: 'Harbor-Story' }, 'slug', ENTRY_MESSAGES.slug],
    ['a slug with a double hyphen', { slug: 'a--b' }, 'slug', ENTRY_MESSAGES.slug],
    ['a slug of 2 characters', { slug: 'ab' }, 'slug', ENTRY_MESSAGES.slugLength],
    ['a slug of 81 characters', { slug: 'a'.repeat(81) }, 'slug', ENTRY_MESSAGES.slugLength],
    ['a title of 121 characters', { title: 'T'.repeat(121) }, 'title', ENTRY_MESSAGES.titleMax],
    ['a blank title', { title: '   ' }, 'title', ENTRY_MESSAGES.title],
    ['a title on two lines', { title: 'One\nTwo' }, 'title', ENTRY_MESSAGES.titleOneLine],
    ['a summary of 301', { summary: 's'.repeat(301) }, 'summary', ENTRY_MESSAGES.summaryMax],
    ['an empty body', { body: ' \n ' }, 'body', ENTRY_MESSAGES.body],
    ['a body of 50,001', { body: 'b'.repeat(50_001) }, 'body', ENTRY_MESSAGES.bodyMax],
    ['a client of 101', { client: 'c'.repeat(101) }, 'client', ENTRY_MESSAGES.clientMax],
    ['an industry on two lines', { industry: 'a\rb' }, 'industry', ENTRY_MESSAGES.industryOneLine],
    [
      '7 results',
      { results: Array.from({ length: 7 }, (_, i) => ({ label: `L${i}`, value: `${i}` })) },
      'results',
      ENTRY_MESSAGES.results,
    ],
    [
      'a result label of 61',
      { results: [{ label: 'l'.repeat(61), value: '1' }] },
      'results.0.label',
      ENTRY_MESSAGES.resultLabelMax,
    ],
    [
      'a result value of 41',
      { results: [{ label: 'Cost', value: 'v'.repeat(41) }] },
      'results.0.value',
      ENTRY_MESSAGES.resultValueMax,
    ],
    [
      'a tag of 41 (the facts’ rule)',
      { tags: ['ok', 't'.repeat(41)] },
      'tags.1',
      MESSAGES.tagNameMax,
    ],
    ['a blank tag', { tags: [' '] }, 'tags.0', MESSAGES.tagName],
    ['a tag twice in any case', { tags: ['RAG', 'rag'] }, 'tags.1', ENTRY_MESSAGES.tagTwice],
    [
      '11 tags',
      { tags: Array.from({ length: 11 }, (_, i) => `t${i}`) },
      'tags',
      ENTRY_MESSAGES.tags,
    ],
    ['another kind', { kind: 'post' }, 'kind', ENTRY_MESSAGES.kind],
    [
      'a picture from another site',
      { body: 'See ![chart](https://evil.example/x.png)' },
      'body',
      ENTRY_MESSAGES.bodyImages,
    ],
  ];

  it.each(cases)('%s', async (_name, change, path, message) => {
    const input = { ...CASE, ...change } as EntryCreateInput;
    expect(await issuesOf(alice.entries.create(input))).toEqual([{ path, message }]);
    expect(await stored()).toBe(0);
  });

  it('takes the limits themselves, pictures uploaded in the admin, and pictures in code', async () => {
    const { entry } = await alice.entries.create({
      ...CASE,
      slug: 'a'.repeat(80),
      title: 'T'.repeat(120),
      summary: 's'.repeat(300),
      body: `![Chart](/uploads/entry-cover-abc123.png)\n\n\`![x](https://a.example/y.png)\`\n\n${'b'.repeat(49_900)}`,
      client: 'c'.repeat(100),
      results: Array.from({ length: 6 }, () => ({ label: 'l'.repeat(60), value: 'v'.repeat(40) })),
    });
    expect(entry.version).toBe(1);
  });
});

describe('saving', () => {
  it('stores a new version over the one seen, keeping the earlier ones', async () => {
    const { entry } = await alice.entries.create(CASE);
    deps.clock.advance(60_000);
    const { entry: saved } = await bob.entries.save({
      ...CASE,
      id: entry.id,
      baseVersion: 1,
      title: 'Answers in minutes',
      client: undefined,
    });
    expect(saved).toMatchObject({
      title: 'Answers in minutes',
      // Left out: the slug stays, a client is cleared.
      slug: 'answers-in-minutes-not-days',
      client: null,
      version: 2,
      updatedAt: '2026-01-15T10:01:00.000Z',
    });
    expect((await alice.entries.get({ id: entry.id })).versions).toEqual([
      { version: 2, at: '2026-01-15T10:01:00.000Z', by: 'bob' },
      { version: 1, at: '2026-01-15T10:00:00.000Z', by: 'alice' },
    ]);
    const texts = await deps.db.select().from(entryVersions).all();
    expect(texts.map((v) => (JSON.parse(v.text) as { title: string }).title)).toEqual([
      CASE.title,
      'Answers in minutes',
    ]);
  });

  it('refuses a save over an older version (409) and changes nothing', async () => {
    const { entry } = await alice.entries.create(CASE);
    await alice.entries.save({ ...CASE, id: entry.id, baseVersion: 1, title: 'Alice’s' });
    const error = await failure(
      bob.entries.save({ ...CASE, id: entry.id, baseVersion: 1, title: 'Bob’s' }),
    );
    expect([error.code, error.message]).toEqual(['CONFLICT', ENTRY_MESSAGES.stale]);
    expect((await alice.entries.get({ id: entry.id })).entry).toMatchObject({
      title: 'Alice’s',
      version: 2,
    });
  });

  it('of several on the same version at once: one goes through, the others 409', async () => {
    const { entry } = await alice.entries.create(CASE);
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) =>
        alice.entries.save({ ...CASE, id: entry.id, baseVersion: 1, title: `Save ${i}` }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(
      results.flatMap((r) =>
        r.status === 'rejected' ? [(r.reason as { code: string }).code] : [],
      ),
    ).toEqual(Array(4).fill('CONFLICT'));
    expect((await alice.entries.get({ id: entry.id })).versions).toHaveLength(2);
  });

  it('refuses a slug another entry has (409 naming `slug`), and bad input (400), unchanged', async () => {
    await alice.entries.create({ ...CASE, slug: 'taken' });
    const { entry } = await alice.entries.create(CASE);
    const save = { ...CASE, id: entry.id, baseVersion: 1 };
    const error = await failure(alice.entries.save({ ...save, slug: 'taken' }));
    expect(toHttpError(error)).toMatchObject({ status: 409, issues: [{ path: 'slug' }] });
    expect(await issuesOf(alice.entries.save({ ...save, title: 'T'.repeat(121) }))).toEqual([
      { path: 'title', message: ENTRY_MESSAGES.titleMax },
    ]);
    expect(await issuesOf(alice.entries.save({ ...save, baseVersion: 0 }))).toEqual([
      { path: 'baseVersion', message: ENTRY_MESSAGES.baseVersion },
    ]);
    expect((await alice.entries.get({ id: entry.id })).entry).toMatchObject({
      slug: 'answers-in-minutes-not-days',
      version: 1,
    });
  });

  it('answers 404 for an unknown entry', async () => {
    const error = await failure(alice.entries.save({ ...CASE, id: 9, baseVersion: 1 }));
    expect([error.code, error.message]).toEqual(['NOT_FOUND', ENTRY_MESSAGES.notFound]);
  });
});

describe('publishing', () => {
  it('publishes and unpublishes, audited once each; the first date stays', async () => {
    const { entry } = await alice.entries.create(CASE);
    deps.clock.advance(1000);
    const published = (await alice.entries.publish({ id: entry.id })).entry;
    expect(published).toMatchObject({
      status: 'published',
      publishedAt: '2026-01-15T10:00:01.000Z',
      updatedAt: '2026-01-15T10:00:01.000Z',
      version: 1,
    });
    // Again: nothing changes, nothing audited.
    expect((await alice.entries.publish({ id: entry.id })).entry).toEqual(published);
    deps.clock.advance(1000);
    expect((await bob.entries.unpublish({ id: entry.id })).entry).toMatchObject({
      status: 'draft',
      publishedAt: '2026-01-15T10:00:01.000Z',
    });
    deps.clock.advance(1000);
    expect((await alice.entries.publish({ id: entry.id })).entry.publishedAt).toBe(
      '2026-01-15T10:00:01.000Z',
    );
    expect((await actions()).map(([action, actor]) => [action, actor])).toEqual([
      ['entry_created', 'alice'],
      ['entry_published', 'alice'],
      ['entry_unpublished', 'bob'],
      ['entry_published', 'alice'],
    ]);
  });

  it('answers 404 for an unknown entry and 400 for a bad id', async () => {
    expect((await failure(alice.entries.publish({ id: 3 }))).code).toBe('NOT_FOUND');
    expect((await failure(alice.entries.unpublish({ id: 3 }))).code).toBe('NOT_FOUND');
    expect(await issuesOf(alice.entries.publish({ id: 'x' as unknown as number }))).toEqual([
      { path: 'id', message: MESSAGES.id },
    ]);
  });
});

describe('deleting', () => {
  it('deletes the entry and its versions, audited; 404 after', async () => {
    const { entry } = await alice.entries.create(CASE);
    await alice.entries.save({ ...CASE, id: entry.id, baseVersion: 1 });
    expect(await alice.entries.remove({ id: entry.id })).toEqual({ success: true });
    expect(await stored()).toBe(0);
    expect(await deps.db.select().from(entryVersions).all()).toEqual([]);
    expect((await failure(alice.entries.get({ id: entry.id }))).code).toBe('NOT_FOUND');
    expect((await failure(alice.entries.remove({ id: entry.id }))).code).toBe('NOT_FOUND');
    expect((await actions()).at(-1)).toEqual([
      'entry_deleted',
      'alice',
      'case study 1 (answers-in-minutes-not-days)',
    ]);
  });
});

describe('the list', () => {
  it('is 25 a page, last updated first, without bodies, filtered by kind, status and text', async () => {
    for (let i = 1; i <= 27; i++) {
      deps.clock.advance(1000);
      await alice.entries.create({
        ...CASE,
        title: `Case ${i}`,
        summary: i === 5 ? 'About 50% OFF' : 'x',
      });
    }
    await alice.entries.create({ ...CASE, kind: 'insight', title: 'An insight' });
    deps.clock.advance(1000);
    await alice.entries.publish({ id: 2 });

    const first = await alice.entries.list({});
    expect(first).toMatchObject({ total: 28, page: 1, pageSize: 25 });
    expect(first.entries).toHaveLength(25);
    // Publishing is an update: entry 2 comes first.
    expect(first.entries.slice(0, 3).map((e) => e.title)).toEqual([
      'Case 2',
      'An insight',
      'Case 27',
    ]);
    expect(first.entries[0]).not.toHaveProperty('body');
    expect((await alice.entries.list({ page: 2 })).entries).toHaveLength(3);
    expect((await alice.entries.list({ page: 9 })).entries).toEqual([]);

    const titles = async (input: Parameters<Caller['entries']['list']>[0]) =>
      (await alice.entries.list(input)).entries.map((e) => e.title);
    expect(await titles({ kind: 'insight' })).toEqual(['An insight']);
    expect(await titles({ status: 'published' })).toEqual(['Case 2']);
    expect(await titles({ kind: 'case_study', status: 'published', q: 'case 2' })).toEqual([
      'Case 2',
    ]);
    // Title or summary, any case; `%` is a character, not a wildcard.
    expect(await titles({ q: '50% off' })).toEqual(['Case 5']);
    expect(await titles({ q: 'CASE 1', kind: '' as never, status: '' as never })).toHaveLength(11);
  });

  it('refuses a bad filter: 400 naming it', async () => {
    expect(await issuesOf(alice.entries.list({ kind: 'post' as never }))).toEqual([
      { path: 'kind', message: ENTRY_MESSAGES.kind },
    ]);
    expect(await issuesOf(alice.entries.list({ status: 'live' as never }))).toEqual([
      { path: 'status', message: ENTRY_MESSAGES.status },
    ]);
    expect(await issuesOf(alice.entries.list({ q: 'q'.repeat(201) }))).toEqual([
      { path: 'q', message: ENTRY_MESSAGES.search },
    ]);
  });
});

describe('signed out', () => {
  it('answers 401 to every procedure and stores nothing', async () => {
    const { caller } = callerFor(deps);
    const calls = [
      caller.entries.list({}),
      caller.entries.create(CASE),
      caller.entries.get({ id: 1 }),
      caller.entries.save({ ...CASE, id: 1, baseVersion: 1 }),
      caller.entries.publish({ id: 1 }),
      caller.entries.unpublish({ id: 1 }),
      caller.entries.remove({ id: 1 }),
    ];
    for (const call of calls) expect((await failure(call)).code).toBe('UNAUTHORIZED');
    expect(await stored()).toBe(0);
  });
});
