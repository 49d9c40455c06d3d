/**
 * An answer's sources (docs/assistant.md, "Grounding"): the pages of the passages it cites by
 * number, in the forms models write them, or, citing none, of the passages whose words it
 * repeats; only pages that exist. On a fresh site the passages are the starting words the page
 * shows, as after an edit.
 */
import { describe, expect, it } from 'vitest';
import { ASSISTANT_OFFER } from '#shared/assistant';
import { AI_ON, streamingModel, streamPromptOf } from '#tests/support/ai';
import { ask, user } from '#tests/support/assistant';
import { createTestApp, signedInCookie, testConfig } from '#tests/support/app';
import { saveContent } from '#tests/support/content';
import { rest } from '#tests/support/rest';
import { endOf } from './prompt';
import type { Passage } from './retrieval';

const SERVICE: Passage = {
  title: 'Custom AI Solution Development',
  url: '/',
  text: 'Purpose-built AI systems, from specialty models to autonomous agents… Training specialty models on your domain data; Fine-tuning large language models (LLMs)',
};
const PRIVACY: Passage = {
  title: 'Privacy Policy',
  url: '/privacy',
  text: 'We keep the messages you send us for two years, then delete them.',
};
const ABOUT: Passage = {
  title: 'Meet Your AI Partner',
  url: '/',
  text: 'You work directly with the engineer who designs and builds your solution.',
};
const PASSAGES = [SERVICE, PRIVACY, ABOUT];
const QUESTION = 'Do you fine-tune large language models?';

const pages = (...passages: Passage[]) => passages.map(({ title, url }) => ({ title, url }));

describe("an answer's sources", () => {
  it.each([
    ['[1]', 'We fine-tune models [1].'],
    ['[1, 2]', 'We fine-tune models and keep messages two years [1, 2].'],
    ['[1][2]', 'We fine-tune models [1][2].'],
    ['[1-2]', 'Both say so [1-2].'],
    ['[1 and 2]', 'Both say so [1 and 2].'],
    ['[Passage 1, 2]', 'Both say so [Passage 1, 2].'],
    ['【1】【2】', 'Both say so 【1】【2】.'],
    ['[^1] [^2]', 'Both say so [^1] [^2].'],
  ])('are the pages of the passages cited as %s', (_, answer) => {
    const cited = answer.includes('2') ? pages(SERVICE, PRIVACY) : pages(SERVICE);
    expect(endOf(answer, PASSAGES, [user(QUESTION)])).toEqual({ sources: cited, offer: null });
  });

  it('never name a passage that was not given, nor a page twice', () => {
    expect(endOf('So [1], [1] and [7] and [0].', PASSAGES, [user(QUESTION)])).toEqual({
      sources: pages(SERVICE),
      offer: null,
    });
    expect(endOf('The year [2017] is not a citation.', PASSAGES, [user(QUESTION)])).toEqual({
      sources: [],
      offer: 'contact',
    });
  });

  it("citing none, are the passages whose words it repeats, beyond the visitor's own", () => {
    const drawn = 'Yes: we train specialty models on your domain data and fine-tune LLMs.';
    expect(endOf(drawn, PASSAGES, [user(QUESTION)])).toEqual({
      sources: pages(SERVICE),
      offer: null,
    });
  });

  it("citing none and only echoing the visitor's words, are none: the form is offered", () => {
    const echo = 'The site does not say whether you can fine-tune large language models.';
    expect(endOf(echo, PASSAGES, [user(QUESTION)])).toEqual({ sources: [], offer: 'contact' });
    expect(endOf("The site doesn't say.", PASSAGES, [user(QUESTION)])).toEqual({
      sources: [],
      offer: 'contact',
    });
  });
});

describe('on a fresh site', () => {
  /** The assistant on, the content never saved: the page shows the code's starting words. */
  async function freshSite(answer: string) {
    const model = streamingModel([answer]);
    const { app, deps } = await createTestApp({ config: testConfig(AI_ON), aiModel: model });
    const cookie = await signedInCookie(deps);
    await rest(app, 'PUT', '/api/assistant/settings', { cookie, json: { enabled: true } });
    return { app, deps, model };
  }

  it("answers from the starting words the page shows, then from the owner's edit, the old words gone", async () => {
    const { app, deps, model } = await freshSite('Yes [1].');
    // A default service card's words (shared/site-content-defaults.ts), nothing saved yet.
    const rag = 'Semantic retrieval-augmented RAG?';
    const fresh = await ask(app, [user(rag)]);
    expect(fresh).toMatchObject({ status: 200, end: { sources: [{ url: '/' }] } });
    expect(model.doStreamCalls).toHaveLength(1);
    expect(streamPromptOf(model).user).toContain('Semantic search and retrieval-augmented');
    await saveContent(deps, (content) => {
      content.services[0].features[2] = 'Wombat husbandry for research stations';
    });
    expect(await ask(app, [user(rag)])).toMatchObject({ text: ASSISTANT_OFFER });
    expect(model.doStreamCalls).toHaveLength(1);
    expect((await ask(app, [user('Do you look after wombats?')])).status).toBe(200);
    expect(streamPromptOf(model, 1).user).toContain('Wombat husbandry');
  });

  it.each([
    ['cited in a list', 'Yes: we fine-tune large language models on your domain data [1, 2].'],
    ['not cited by number', 'Yes: we fine-tune large language models on your domain data.'],
  ])(
    'ends an answer drawn from a service card, %s, with that card as its source',
    async (_, answer) => {
      const { app } = await freshSite(answer);
      const asked = await ask(app, [user(QUESTION)]);
      expect(asked).toMatchObject({ status: 200, text: answer });
      expect(asked.end).toMatchObject({
        sources: expect.arrayContaining([{ title: 'Custom AI Solution Development', url: '/' }]),
        offer: null,
      });
      // Every source is a page a fresh site has: home, or a legal page it ships with text.
      const { sources } = asked.end as { sources: { url: string }[] };
      for (const { url } of sources) expect(['/', '/privacy', '/terms']).toContain(url);
    },
  );
});
