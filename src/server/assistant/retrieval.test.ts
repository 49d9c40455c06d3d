/**
 * The assistant's passages (docs/assistant.md, "Grounding"): the site content's newest
 * version and the published entries, through their FTS5 indexes; only pages that exist.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { adminCaller, createTestDeps, type Caller, type TestDeps } from '#tests/support/app';
import { saveContent } from '#tests/support/content';
import { anyWordsQuery, passagesFor } from './retrieval';

let deps: TestDeps;
let admin: Caller;

beforeEach(async () => {
  deps = await createTestDeps();
  admin = await adminCaller(deps);
});

const urls = async (question: string) =>
  (await passagesFor(deps.db, question)).map((p) => [p.title, p.url]);

describe('passagesFor', () => {
  it('finds a service and a legal page with text; a legal page without text is no page', async () => {
    await saveContent(deps, (content) => {
      content.services[1].title = 'Claims automation';
      content.services[1].description = 'Adjusters get every insurance claim read overnight.';
      content.legal.privacy = 'Insurance enquiries are kept two years.';
      content.legal.cookies = '';
    });
    expect(await urls('Do you automate insurance claims?')).toEqual(
      expect.arrayContaining([
        ['Claims automation', '/'],
        ['Privacy Policy', '/privacy'],
      ]),
    );
    await saveContent(deps, (content) => {
      content.legal.cookies = 'Quokka cookies only.';
      content.legal.privacy = '';
    });
    expect(await urls('quokka')).toEqual([['Cookie Policy', '/cookies']]);
    expect(await urls('Insurance enquiries kept')).not.toContainEqual([
      'Privacy Policy',
      '/privacy',
    ]);
  });

  it('replaces the passages with each new version: old words are no longer found', async () => {
    await saveContent(deps, (content) => {
      content.about.text = 'Founded by a former wombat researcher.';
    });
    expect(await urls('wombat')).toHaveLength(1);
    await saveContent(deps, (content) => {
      content.about.text = 'Founded by a former engineer.';
    });
    expect(await urls('wombat')).toEqual([]);
  });

  it("finds a published entry by its page's address, never a draft", async () => {
    const base = { summary: 'A short pitch.', body: 'Forecasting pallet demand for a brewery.' };
    const { entry: published } = await admin.entries.create({
      kind: 'case_study',
      title: 'Brewery forecasting',
      ...base,
    });
    await admin.entries.publish({ id: published.id });
    await admin.entries.create({ kind: 'insight', title: 'Brewery draft', ...base });
    expect(await urls('brewery pallets')).toEqual([
      ['Brewery forecasting', `/case-studies/${published.slug}`],
    ]);
  });

  it('finds nothing for a question of stop words only, and takes FTS5 syntax as words', async () => {
    expect(anyWordsQuery('What do you do?')).toBeNull();
    expect(anyWordsQuery('NEAR("x" OR *) col:secret')).toBe('"NEAR x" OR "col secret"');
    expect(await passagesFor(deps.db, 'What do you do?')).toEqual([]);
    expect(await passagesFor(deps.db, 'NEAR("x" OR *) col:secret')).toEqual([]);
  });
});
