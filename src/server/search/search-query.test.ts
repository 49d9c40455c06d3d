/**
 * The search over the published entries (docs/content.md, "Search"): the index follows every
 * write of entries.* in its transaction, ranks by bm25 with the title first, escapes the
 * snippet but for its marks, and takes any words as words.
 */
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import type { EntryCreateInput } from '#shared/entries';
import { adminCaller, createTestDeps, type Caller, type TestDeps } from '#tests/support/app';
import { ftsQuery, markedSnippet, searchEntries } from './search-query';

let deps: TestDeps;
let admin: Caller;

beforeEach(async () => {
  deps = await createTestDeps();
  admin = await adminCaller(deps);
});

const ENTRY: EntryCreateInput = {
  kind: 'insight',
  title: 'Evaluations come first',
  summary: 'Test a model before you ship it.',
  body: 'A team that measures its answers ships with confidence.',
};

/** Creates an entry and publishes it unless asked not to; answers its id. */
async function entry(fields: Partial<EntryCreateInput> = {}, publish = true) {
  const { entry: created } = await admin.entries.create({ ...ENTRY, ...fields });
  if (publish) await admin.entries.publish({ id: created.id });
  return created;
}

const search = (q: string) => searchEntries(deps.db, q);
const titles = async (q: string) => (await search(q)).map((r) => r.title);

/** FTS5's own check that the index is exactly its content (the published entries' text). */
const indexIsExact = () =>
  writeTransaction(deps.db, (tx) =>
    tx.run(sql`insert into entries_search (entries_search, rank) values ('integrity-check', 1)`),
  );

describe('the index follows the entries', () => {
  it('finds a word of the title, the summary or the body of a published entry only', async () => {
    await entry({ title: 'Triage in minutes', slug: 'triage' });
    await entry({ kind: 'case_study', summary: 'Tickets sorted by an agent.', slug: 'tickets' });
    await entry({ body: 'Retrieval over the wiki.', slug: 'wiki' });
    await entry({ title: 'Triage drafts stay hidden', slug: 'hidden' }, false);
    expect(await search('triage')).toEqual([
      {
        kind: 'insight',
        title: 'Triage in minutes',
        url: '/insights/triage',
        snippet: expect.any(String),
      },
    ]);
    expect(await search('tickets')).toMatchObject([
      { kind: 'case_study', url: '/case-studies/tickets' },
    ]);
    expect(await search('wiki')).toMatchObject([{ url: '/insights/wiki' }]);
    expect(await search('hidden')).toEqual([]);
    await indexIsExact();
  });

  it('publish, save, unpublish, publish again and delete each change what is found at once', async () => {
    const draft = await entry({ body: 'Chatbots for the front desk.', slug: 'desk' }, false);
    expect(await search('chatbots')).toEqual([]);
    // A draft's save is not indexed either.
    await admin.entries.save({
      ...ENTRY,
      id: draft.id,
      baseVersion: 1,
      body: 'Chatbots at reception.',
    });
    expect(await search('reception')).toEqual([]);

    await admin.entries.publish({ id: draft.id });
    expect(await titles('reception')).toEqual([ENTRY.title]);

    // A published entry's save: the old words go, the new ones and the new address come.
    await admin.entries.save({
      ...ENTRY,
      id: draft.id,
      baseVersion: 2,
      slug: 'front-desk',
      body: 'Voice agents at reception.',
    });
    expect(await search('chatbots')).toEqual([]);
    expect(await search('voice')).toMatchObject([{ url: '/insights/front-desk' }]);
    await indexIsExact();

    await admin.entries.unpublish({ id: draft.id });
    expect(await search('voice')).toEqual([]);
    await indexIsExact();
    await admin.entries.publish({ id: draft.id });
    expect(await titles('voice')).toEqual([ENTRY.title]);

    await admin.entries.remove({ id: draft.id });
    expect(await search('voice')).toEqual([]);
    await indexIsExact();
  });

  it('a slug change alone keeps the entry found, at its new address', async () => {
    const one = await entry({ slug: 'old-address' });
    await admin.entries.save({ ...ENTRY, id: one.id, baseVersion: 1, slug: 'new-address' });
    expect(await search('evaluations')).toMatchObject([{ url: '/insights/new-address' }]);
    await indexIsExact();
  });
});

describe('ranking', () => {
  it('orders by bm25 with the title above the summary above the body', async () => {
    await entry({ slug: 'in-body', title: 'Notes', body: 'We speak of latency here.' });
    await entry({ slug: 'in-title', title: 'Latency', body: 'Fast answers.' });
    await entry({ slug: 'in-summary', title: 'More notes', summary: 'About latency.' });
    expect((await search('latency')).map((r) => r.url)).toEqual([
      '/insights/in-title',
      '/insights/in-summary',
      '/insights/in-body',
    ]);
  });

  it('answers at most 20, each holding every word', async () => {
    for (let i = 0; i < 23; i++) await entry({ slug: `many-${i}`, body: `Agents number ${i}.` });
    await entry({ slug: 'other', body: 'Agents alone.' });
    expect(await search('agents')).toHaveLength(20);
    expect((await search('agents number')).map((r) => r.url)).not.toContain('/insights/other');
    expect((await search('agents alone')).map((r) => r.url)).toEqual(['/insights/other']);
  });

  it('finds the word stemmed and without its accents', async () => {
    await entry({ slug: 'stems', body: 'Automation at the café.' });
    expect(await titles('automating')).toEqual([ENTRY.title]);
    expect(await titles('CAFE')).toEqual([ENTRY.title]);
  });
});

describe('the snippet', () => {
  it('marks the words found and escapes everything else', async () => {
    await entry({
      slug: 'hostile',
      title: 'Pipelines',
      summary: 'Data & <b>tools</b>.',
      body: 'Before <script>alert("x")</script> & the pipeline\'s <img src=x onerror=alert(1)> end.',
    });
    const [result] = await search('pipeline script');
    expect(result?.snippet).toBe(
      'Before &lt;<mark>script</mark>&gt;alert(&quot;x&quot;)&lt;/<mark>script</mark>&gt; &amp; the <mark>pipeline</mark>&#39;s &lt;img src=x onerror=alert(1)&gt; end.',
    );
    const [summary] = await search('tools');
    expect(summary?.snippet).toBe('Data &amp; &lt;b&gt;<mark>tools</mark>&lt;/b&gt;.');
  });

  it('no text can make a mark: private-use characters in an entry stay text', async () => {
    await entry({
      slug: 'markers',
      body: 'Fake \uE000 marks \uE001 and </mark><mark> around the word.',
    });
    const [result] = await search('word');
    expect(result?.snippet.match(/<mark>/g)).toHaveLength(1);
    expect(result?.snippet).toContain('&lt;/mark&gt;&lt;mark&gt;');
    expect(result?.snippet).toContain('<mark>word</mark>');
  });

  it('a raw snippet is escaped around our markers only', () => {
    const markers = { open: '[o]', close: '[c]' };
    expect(markedSnippet('a < [o]b & c[c] > d', markers)).toBe(
      'a &lt; <mark>b &amp; c</mark> &gt; d',
    );
    expect(markedSnippet('no match <', markers)).toBe('no match &lt;');
  });
});

describe("the visitor's words are words", () => {
  it('quotes each word, keeping its letters and digits', () => {
    expect(ftsQuery('AI agents')).toBe('"AI" "agents"');
    expect(ftsQuery('"e-mail" NEAR(x y) -data *')).toBe('"e mail" "NEAR x" "y" "data"');
    expect(ftsQuery('--')).toBeNull();
    expect(ftsQuery('" "')).toBeNull();
  });

  const HOSTILE = [
    '"',
    '""',
    '"""',
    '"pipeline',
    'pipeline"',
    'pipeline*',
    '*pipeline',
    '*',
    '**',
    '-pipeline',
    'pipeline -data',
    '--',
    '(pipeline',
    'pipeline)',
    '()',
    'NEAR',
    'NEAR(pipeline data)',
    'pipeline NEAR data',
    'NEAR/2',
    'AND',
    'pipeline AND',
    'OR NOT',
    'NOT pipeline',
    'title:pipeline',
    '{title body}: pipeline',
    '^pipeline',
    'pipeline + data',
    "'; drop table entries; --",
    '\\',
    '%_',
    'pipe\u0000line',
    '\u0000\u0000',
    '\uE000pipeline\uE001',
    '🤖🤖',
    '\u0301\u0301',
    '\u00ad\u200b',
    '¹²',
    'ـــ',
    'x'.repeat(100),
    '"'.repeat(100),
    'a b c d e f g h i j k l m n o p q r s t u v w x y z',
  ];

  it.each(HOSTILE)('%j is answered, never an error', async (q) => {
    await entry({ slug: 'the-pipeline', body: 'A data pipeline for the team.' });
    await expect(search(q)).resolves.toEqual(expect.any(Array));
  });

  it('finds the words among the syntax', async () => {
    await entry({ slug: 'the-pipeline', body: 'A data pipeline for the team.' });
    for (const q of [
      '"pipeline',
      'pipeline*',
      '-pipeline',
      '(pipeline',
      'pipeline (data)',
      '^pipeline',
      'PIPELINE:',
    ]) {
      expect(await titles(q)).toEqual([ENTRY.title]);
    }
  });
});
