/** GET /api/search?q= (docs/api.md) through the whole app: its answer, its 400 and its 429. */
import { beforeEach, describe, expect, it } from 'vitest';
import { SEARCH_MESSAGES } from '#shared/site-search';
import type { App } from '#server/app/app';
import { adminCaller, createTestApp, testConfig, type TestDeps } from '#tests/support/app';
import { answer, invalid, rest } from '#tests/support/rest';

let app: App;
let deps: TestDeps;

beforeEach(async () => {
  ({ app, deps } = await createTestApp({ config: testConfig({ trustProxy: true }) }));
  const admin = await adminCaller(deps);
  const entries = [
    {
      kind: 'case_study',
      slug: 'faster-answers',
      title: 'Faster answers',
      body: 'A <b>support</b> desk & its agent.',
    },
    {
      kind: 'insight',
      slug: 'why-evals',
      title: 'Why evals',
      body: 'Support teams measure first.',
    },
  ] as const;
  for (const fields of entries) {
    const { entry } = await admin.entries.create({ ...fields, summary: 'Proof.' });
    await admin.entries.publish({ id: entry.id });
  }
});

const search = (q: string | null, ip = '198.51.100.7') =>
  rest(app, 'GET', q === null ? '/api/search' : `/api/search?q=${encodeURIComponent(q)}`, { ip });

describe('GET /api/search', () => {
  it('answers the published entries holding the words, best first (bm25: the shorter text), with marked snippets', async () => {
    expect(await search('support')).toEqual(
      answer(200, {
        success: true,
        results: [
          {
            kind: 'insight',
            title: 'Why evals',
            url: '/insights/why-evals',
            snippet: '<mark>Support</mark> teams measure first.',
          },
          {
            kind: 'case_study',
            title: 'Faster answers',
            url: '/case-studies/faster-answers',
            snippet: 'A &lt;b&gt;<mark>support</mark>&lt;/b&gt; desk &amp; its agent.',
          },
        ],
      }),
    );
    expect(await search('  nothing-here ')).toEqual(answer(200, { success: true, results: [] }));
  });

  it('snippets are plain text: the Markdown syntax is gone, the marks and escaping stay', async () => {
    const admin = await adminCaller(deps);
    const { entry } = await admin.entries.create({
      kind: 'insight',
      slug: 'markdown-body',
      title: 'Evals',
      summary: 'Proof.',
      body: [
        '## The problem',
        '',
        'We built an **evaluation set** with _care_, [the list](/case-studies) and `code`:',
        '',
        '- one <b>item</b> & more',
        '> a quote',
      ].join('\n'),
    });
    await admin.entries.publish({ id: entry.id });
    const found = await search('evaluation');
    expect(found.status).toBe(200);
    expect((found.body as { results: { snippet: string }[] }).results[0]?.snippet).toBe(
      'The problem We built an <mark>evaluation</mark> set with care, the list and code: one &lt;b&gt;item&lt;/b&gt; &amp; more a quote',
    );
  });

  it.each([
    ['absent', null],
    ['empty', ''],
    ['one character', 'a'],
    ['one character after trimming', '  a  '],
    ['101 characters', 'x'.repeat(101)],
  ])('%s: 400 naming q', async (_, q) => {
    expect(await search(q)).toEqual(
      answer(400, invalid([{ path: 'q', message: SEARCH_MESSAGES.q }])),
    );
  });

  it('100 characters and FTS5 syntax are searched, never a 500', async () => {
    const inputs = [
      'x'.repeat(100),
      '""',
      '"support',
      'support*',
      '-support',
      'NEAR(a b)',
      '((',
      'a:b',
      '\u0000x',
    ];
    for (const [i, q] of inputs.entries()) {
      expect((await search(q, `198.51.100.${i + 20}`)).status).toBe(200);
    }
    expect((await search('"support*', '198.51.100.40')).body).toMatchObject({
      results: [{ title: 'Why evals' }, { title: 'Faster answers' }],
    });
  });

  it('31 requests at once from one address: 30 answered, 1 refused with Retry-After', async () => {
    const answers = await Promise.all(Array.from({ length: 31 }, () => search('support')));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(refused.body).toEqual({
      success: false,
      message: 'Too many searches from your address. Try again in 1 minute.',
    });
    // The throttle ranks above invalid input; another address is not affected.
    expect((await search('a')).status).toBe(429);
    expect((await search('support', '198.51.100.8')).status).toBe(200);
    // A minute later the address has room again.
    deps.clock.advance(60_000);
    expect((await search('support')).status).toBe(200);
  });
});
