/**
 * The feeds, the sitemap and llms.txt through the whole app (docs/content.md, "Feeds" and
 * "Feeds and indexes"): 404 with nothing published, RSS 2.0 and Atom 1.0 of both kinds and of
 * each, valid XML whatever an entry holds, and the lists naming them. A publish on one
 * instance shown at once by another is in feeds-instances.test.ts.
 */
import { eq } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import { entries } from '#db/schema';
import type { EntryCreateInput } from '#shared/entries';
import { FEED_SIZE } from './feeds';
import { CASE, closeSite, get, setUpSite, site } from '#tests/support/entry-feeds-fixtures';

const INSIGHT: EntryCreateInput = {
  kind: 'insight',
  slug: 'why-evals-first',
  title: 'Why we write the evals first',
  summary: 'Tests for a model before the prompt.',
  body: 'Write the *tests* first.',
};

const FEEDS = ['/feed.xml', '/atom.xml', '/case-studies/feed.xml', '/insights/feed.xml'];

beforeEach(setUpSite);
afterEach(closeSite);

const { DOMParser } = new JSDOM().window;

/** The document as a strict XML parser reads it: anything that is not XML fails the test. */
function xml(text: string): Document {
  const doc = new DOMParser().parseFromString(text, 'application/xml');
  expect(doc.getElementsByTagName('parsererror')[0]?.textContent).toBeUndefined();
  return doc;
}

const texts = (doc: Document, selector: string) =>
  [...doc.querySelectorAll(selector)].map((node) => node.textContent);

/** Each guid's isPermaLink as written, 'true' when left out (its default). */
const permaLinks = (doc: Document) =>
  [...doc.querySelectorAll('item > guid')].map((g) => g.getAttribute('isPermaLink') ?? 'true');

describe('the feeds', () => {
  it('are no page while nothing is published, as the lists', async () => {
    for (const path of FEEDS) expect([path, (await get(path)).status]).toEqual([path, 404]);
  });

  it('RSS 2.0 of both kinds: newest first, guid the permalink, pubDate, the whole body', async () => {
    await site.publish(CASE);
    site.deps.clock.advance(60_000);
    await site.publish(INSIGHT);
    const answer = await get('/feed.xml');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect(answer.headers.get('etag')).toBeTruthy();
    const doc = xml(answer.text);
    expect(doc.documentElement.getAttribute('version')).toBe('2.0');
    expect(texts(doc, 'channel > title')).toEqual(['Acme AI Engineering']);
    expect(texts(doc, 'item > guid')).toEqual([
      'https://example.com/insights/why-evals-first',
      'https://example.com/case-studies/answers-in-minutes',
    ]);
    // A guid that is the permalink says so (RSS 2.0's default): no isPermaLink="false".
    expect(permaLinks(doc)).toEqual(['true', 'true']);
    expect(texts(doc, 'item > link')[1]).toBe(
      'https://example.com/case-studies/answers-in-minutes',
    );
    expect(texts(doc, 'item > pubDate')).toEqual([
      'Thu, 15 Jan 2026 10:01:00 GMT',
      'Thu, 15 Jan 2026 10:00:00 GMT',
    ]);
    const body = doc.getElementsByTagName('content:encoded')[1]?.textContent ?? '';
    expect(body).toContain('<h2>The problem</h2>');
    expect(body).toContain('<strong>two days</strong>');
    // Addresses on the site are absolute: the reader is elsewhere.
    expect(body).toContain('<a href="https://example.com/case-studies">the list</a>');
  });

  it('Atom 1.0 of both kinds: id the permalink, updated and published, content as HTML', async () => {
    const id = await site.publish(CASE);
    site.deps.clock.advance(300_000);
    const saved = await site.admin('PUT', `/api/entries/${id}`, { ...CASE, baseVersion: 1 });
    expect(saved.status).toBe(200);
    const answer = await get('/atom.xml');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const doc = xml(answer.text);
    expect(doc.documentElement.namespaceURI).toBe('http://www.w3.org/2005/Atom');
    expect(texts(doc, 'entry > id')).toEqual([
      'https://example.com/case-studies/answers-in-minutes',
    ]);
    expect(texts(doc, 'entry > updated')).toEqual(['2026-01-15T10:05:00.000Z']);
    expect(texts(doc, 'entry > published')).toEqual(['2026-01-15T10:00:00.000Z']);
    expect(doc.querySelector('entry > content')?.getAttribute('type')).toBe('html');
    expect(doc.querySelector('entry > content')?.textContent).toContain('<h2>The problem</h2>');
  });

  it('per kind: /case-studies/feed.xml and /insights/feed.xml carry their own kind only', async () => {
    await site.publish(CASE);
    await site.publish(INSIGHT);
    const cases = xml((await get('/case-studies/feed.xml')).text);
    expect(texts(cases, 'item > guid')).toEqual([
      'https://example.com/case-studies/answers-in-minutes',
    ]);
    const insights = xml((await get('/insights/feed.xml')).text);
    expect(texts(insights, 'item > guid')).toEqual([
      'https://example.com/insights/why-evals-first',
    ]);
    expect([...permaLinks(cases), ...permaLinks(insights)]).toEqual(['true', 'true']);
  });

  it('stay valid XML whatever an entry holds: control characters, ]]>, &, <', async () => {
    const id = await site.publish(CASE);
    // Past the inputs' own rules, as an old row or a hand edit could hold it.
    const title = 'A ]]> B ]]> & <i>C</i>\u0001';
    const summary = 'S ]]> ]]> & \u0008 <';
    const body = 'Body ]]> and ]]> & \u0000 \u000b <b>x</b> end\n\n```\n]]>\n```';
    await writeTransaction(site.deps.db, (tx) =>
      tx.update(entries).set({ title, summary, body }).where(eq(entries.id, id)),
    );
    for (const path of ['/feed.xml', '/atom.xml', '/case-studies/feed.xml']) {
      const answer = await get(path);
      expect(answer.status).toBe(200);
      const doc = xml(answer.text);
      const entry = doc.querySelector('item, entry');
      // The texts are HTML (escaped once), so a reader shows exactly what was written.
      expect(entry?.querySelector('title')?.textContent).toBe(
        'A ]]&gt; B ]]&gt; &amp; &lt;i&gt;C&lt;/i&gt;',
      );
      const html = entry?.querySelector('content')?.textContent ?? '';
      const content = html || (doc.getElementsByTagName('content:encoded')[0]?.textContent ?? '');
      expect(content).toContain('Body ]]&gt; and ]]&gt; &amp;');
      expect(content).toContain('&lt;b&gt;x&lt;/b&gt;');
      expect(content).toContain('<code>]]&gt;');
    }
  });

  it(`carry the ${FEED_SIZE} latest entries`, async () => {
    for (let i = 1; i <= FEED_SIZE + 1; i++) {
      await site.publish({ ...INSIGHT, slug: `insight-${i}`, title: `Insight ${i}` });
    }
    const doc = xml((await get('/feed.xml')).text);
    const guids = texts(doc, 'item > guid');
    expect(guids).toHaveLength(FEED_SIZE);
    expect(guids[0]).toBe(`https://example.com/insights/insight-${FEED_SIZE + 1}`);
    expect(guids).not.toContain('https://example.com/insights/insight-1');
  });

  it('are named by the lists with <link rel="alternate">: their own, the site’s RSS and Atom', async () => {
    await site.publish(CASE);
    const { text } = await get('/case-studies');
    expect(text).toContain(
      '<link rel="alternate" type="application/rss+xml" title="Case studies | Acme AI Engineering" href="https://example.com/case-studies/feed.xml" />',
    );
    expect(text).toContain(
      '<link rel="alternate" type="application/rss+xml" title="Acme AI Engineering" href="https://example.com/feed.xml" />',
    );
    expect(text).toContain(
      '<link rel="alternate" type="application/atom+xml" title="Acme AI Engineering" href="https://example.com/atom.xml" />',
    );
  });

  it('are offered on each list as a visible "Follow by RSS" link to its own feed', async () => {
    await site.publish(CASE);
    await site.publish(INSIGHT);
    for (const [list, feed] of [
      ['/case-studies', '/case-studies/feed.xml'],
      ['/insights', '/insights/feed.xml'],
    ] as const) {
      const body = (await get(list)).text.split('<body>')[1] ?? '';
      expect(body).toMatch(new RegExp(`<a [^>]*href="${feed}"[^>]*>Follow by RSS</a>`));
    }
  });
});

describe('sitemap.xml and llms.txt', () => {
  it('list the published entries and their lists, with lastmod and summaries', async () => {
    const before = await get('/sitemap.xml');
    expect(before.text).not.toContain('case-studies');
    const id = await site.publish(CASE);
    site.deps.clock.advance(60_000);
    await site.publish(INSIGHT);
    site.deps.clock.advance(60_000);
    // A draft is in neither.
    const draft = await site.admin('POST', '/api/entries', { ...INSIGHT, slug: 'a-draft' });
    expect(draft.status).toBe(201);

    const sitemap = xml((await get('/sitemap.xml')).text);
    const urls = [...sitemap.querySelectorAll('url')].map((url) => [
      url.querySelector('loc')?.textContent,
      url.querySelector('lastmod')?.textContent,
    ]);
    expect(urls).toContainEqual(['https://example.com/case-studies', '2026-01-15T10:00:00.000Z']);
    expect(urls).toContainEqual(['https://example.com/insights', '2026-01-15T10:01:00.000Z']);
    expect(urls).toContainEqual([
      'https://example.com/case-studies/answers-in-minutes',
      '2026-01-15T10:00:00.000Z',
    ]);
    expect(urls).toContainEqual([
      'https://example.com/insights/why-evals-first',
      '2026-01-15T10:01:00.000Z',
    ]);
    expect(urls.map(([loc]) => loc)).not.toContain('https://example.com/insights/a-draft');

    const llms = await get('/llms.txt');
    expect(llms.status).toBe(200);
    expect(llms.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const lines = llms.text.split('\n');
    expect(lines[0]).toBe('# Acme AI Engineering');
    expect(lines[2]).toMatch(/^> \S/);
    expect(lines).toContain('## Pages');
    expect(lines.some((line) => line.startsWith('- [Home](https://example.com/): '))).toBe(true);
    expect(lines).toContain('- [Case studies](https://example.com/case-studies)');
    expect(lines).toContain('- [Insights](https://example.com/insights)');
    expect(lines).toContain('## Case studies');
    expect(lines).toContain(
      '- [Answers in minutes](https://example.com/case-studies/answers-in-minutes): A support team cut its time to answer by 63 %.',
    );
    expect(lines).toContain(
      '- [Why we write the evals first](https://example.com/insights/why-evals-first): Tests for a model before the prompt.',
    );
    expect(llms.text).not.toContain('a-draft');

    // Unpublished: gone from both at once.
    expect((await site.admin('POST', `/api/entries/${id}/unpublish`)).status).toBe(200);
    expect((await get('/sitemap.xml')).text).not.toContain('answers-in-minutes');
    expect((await get('/llms.txt')).text).not.toContain('answers-in-minutes');
  });

  it('llms.txt keeps a title’s brackets inside its link', async () => {
    await site.publish({ ...CASE, title: 'A [bracketed] title', summary: 'Two\nlines' });
    expect((await get('/llms.txt')).text).toContain(
      '- [A \\[bracketed\\] title](https://example.com/case-studies/answers-in-minutes): Two lines',
    );
  });
});
