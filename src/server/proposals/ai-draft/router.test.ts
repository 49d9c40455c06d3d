/**
 * The AI's proposal draft (docs/ai.md, "Proposal drafts"): POST /api/leads/:id/proposal-draft
 * against an OpenAI-compatible server over HTTP stores a draft written from the lead's timeline
 * and the site's services, priced only where the owner's price list says so, sent to no one;
 * without AI_PROVIDER it answers as the other AI drafts; an answer out of range stores nothing.
 */
import { MockLanguageModelV4 } from 'ai/test';
import { afterEach, describe, expect, it } from 'vitest';
import { aiUsage, outbox, proposals } from '#db/schema';
import { AI_NOT_SET_UP } from '#server/ai/ask';
import { AI_UNREADABLE } from '#server/ai/drafts';
import { currentContent } from '#server/site/site-content';
import { PROPOSAL_MESSAGES } from '#shared/proposals';
import { AI_ON, answer } from '#tests/support/ai';
import { auditEntries } from '#tests/support/audit';
import { callerFor, createTestApp, signedInCookie, testConfig } from '#tests/support/app';
import { startOpenAiServer, type OpenAiServer } from '#tests/support/openai-server';
import { answer as restAnswer, rest } from '#tests/support/rest';
import { storeLeads } from '#tests/support/stored-leads';
import { PROPOSAL_DRAFT_INSTRUCTIONS } from './proposal-draft';

const MESSAGE =
  'We need a two-day discovery workshop and an assistant that answers our support tickets.';
const NOTE = 'On the call: they also want training for 8 people.';
const PRICE_LIST = [
  'Discovery workshop: 1,500 EUR per day',
  'Team training: 900 EUR per session',
  'Ongoing support: 2000 USD per month',
].join('\n');

let fake: OpenAiServer | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/** An app whose AI is the given model (a mock), the fake server (`'http'`), or none. */
async function setUp(ai: MockLanguageModelV4 | OpenAiServer | null) {
  const { app, deps } = await createTestApp(
    ai === null
      ? { config: testConfig() }
      : ai instanceof MockLanguageModelV4
        ? { config: testConfig(AI_ON), aiModel: ai }
        : {
            config: testConfig({
              ai: {
                provider: 'openai-compatible',
                baseUrl: ai.baseUrl,
                apiKey: null,
                model: 'fake-model',
              },
            }),
          },
  );
  const cookie = await signedInCookie(deps, 'alice');
  const { caller: admin } = callerFor(deps, { cookie });
  await storeLeads(deps, 1, {
    name: 'Ada Client',
    company: 'Acme',
    email: 'ada@client.example',
    messages: [MESSAGE],
  });
  await admin.leads.addNote({ id: 1, text: NOTE });
  await admin.proposals.saveSettings({
    currency: 'EUR',
    bankTransferText: '',
    priceList: PRICE_LIST,
  });
  return { app, deps, cookie, admin };
}

/** The model's answer: the priced, the unpriced and the made-up. */
const MODEL_ANSWER = {
  title: 'Discovery and a support assistant for Acme',
  summary: '## Your need\n\nFaster answers to **support tickets**.',
  items: [
    // From the list, as written there (1,500 → 1500).
    {
      description: 'Discovery workshop',
      quantity: 2,
      unitPrice: 1500,
      priceListLine: 'Discovery workshop: 1,500 EUR per day',
    },
    // A price the list never names: the owner prices it.
    {
      description: 'Support assistant prototype',
      quantity: 1,
      unitPrice: 8000,
      priceListLine: 'Prototype: 8000 EUR',
    },
    // Quoted in other case and spacing; the quantity to two decimals.
    {
      description: 'Team training',
      quantity: 1.333,
      unitPrice: 900,
      priceListLine: 'team training:  900 EUR per session',
    },
    // In the list, but in dollars: not this proposal's currency.
    {
      description: 'Ongoing support',
      quantity: 3,
      unitPrice: 2000,
      priceListLine: 'Ongoing support: 2000 USD per month',
    },
    // The list's line, another figure.
    {
      description: 'Discovery workshop, extended',
      quantity: 1,
      unitPrice: 1800,
      priceListLine: 'Discovery workshop: 1,500 EUR per day',
    },
    { description: 'Project management', quantity: 1, unitPrice: null, priceListLine: null },
  ],
};

describe('POST /api/leads/:id/proposal-draft', () => {
  it('stores a draft from the timeline and the services, priced from the price list only, and sends nothing', async () => {
    fake = await startOpenAiServer({
      answer: () => ({
        text: JSON.stringify(MODEL_ANSWER),
        usage: { promptTokens: 900, completionTokens: 300 },
      }),
    });
    const { app, deps, cookie, admin } = await setUp(fake);

    const response = await rest(app, 'POST', '/api/leads/1/proposal-draft', { cookie });
    expect(response.status).toBe(201);
    const { proposal } = response.body as {
      proposal: Awaited<ReturnType<typeof admin.proposals.get>>['proposal'];
    };
    expect(response.body).toEqual({ success: true, proposal });
    expect(proposal).toMatchObject({
      leadId: 1,
      number: 'P-2026-1',
      version: 1,
      status: 'draft',
      title: MODEL_ANSWER.title,
      summary: MODEL_ANSWER.summary,
      currency: 'EUR',
      items: [
        { description: 'Discovery workshop', quantity: 2, unitAmount: 150_000 },
        { description: 'Support assistant prototype', quantity: 1, unitAmount: 0 },
        { description: 'Team training', quantity: 1.33, unitAmount: 90_000 },
        { description: 'Ongoing support', quantity: 3, unitAmount: 0 },
        { description: 'Discovery workshop, extended', quantity: 1, unitAmount: 0 },
        { description: 'Project management', quantity: 1, unitAmount: 0 },
      ],
      // The server's sum: 2 × 150,000 + 1.33 × 90,000.
      total: 419_700,
      deposit: null,
      sentAt: null,
    });
    // The admin's own reading of it is the same.
    expect((await admin.proposals.get({ id: proposal.id })).proposal).toEqual(proposal);

    // What left the site: the rules as the system message, the rest as JSON data.
    const [request] = fake.chatRequests();
    const messages = request?.body.messages ?? [];
    expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(messages[0]?.content).toBe(PROPOSAL_DRAFT_INSTRUCTIONS);
    const user = String(messages[1]?.content);
    const data = JSON.parse(user) as {
      site: { services: { title: string }[] };
      priceList: string;
      currency: string;
      lead: unknown;
      conversation: { from: string; text: string }[];
    };
    const { content } = await currentContent(deps.db);
    expect(user).toContain(content.services[0]!.title);
    expect(data.site.services.map((s) => s.title)).toEqual(content.services.map((s) => s.title));
    expect(data.conversation.map((item) => [item.from, item.text])).toEqual([
      ['owner', NOTE],
      ['visitor', MESSAGE],
    ]);
    expect(data).toMatchObject({
      priceList: PRICE_LIST,
      currency: 'EUR',
      lead: { name: 'Ada Client', company: 'Acme' },
    });
    expect(user).not.toContain('ada@client.example');
    expect(request?.body.tools).toBeUndefined();

    // Never sent: no mail, the lead where it was; audited as any new draft; the tokens counted.
    expect(await deps.db.select().from(outbox).all()).toEqual([]);
    expect((await admin.leads.get({ id: 1 })).lead.status).toBe('new');
    const audited = (await auditEntries(deps.db)).filter((e) => e.action === 'proposal_created');
    expect(audited.map(({ actor, target }) => ({ actor, target }))).toEqual([
      { actor: 'alice', target: 'P-2026-1 v1' },
    ]);
    const usage = await deps.db.select().from(aiUsage).all();
    expect(usage.map((u) => [u.feature, u.model, u.inputTokens, u.outputTokens])).toEqual([
      ['proposal_draft', 'fake-model', 900, 300],
    ]);
  });

  it('without AI_PROVIDER answers 409 as the reply draft does, and stores nothing; 404 for an unknown lead', async () => {
    const { app, deps, cookie } = await setUp(null);
    const off = restAnswer(409, { success: false, message: AI_NOT_SET_UP });
    expect(await rest(app, 'POST', '/api/leads/1/proposal-draft', { cookie })).toEqual(off);
    expect(await rest(app, 'POST', '/api/leads/1/reply-draft', { cookie })).toEqual(off);
    expect(await rest(app, 'POST', '/api/leads/99/proposal-draft', { cookie })).toEqual(
      restAnswer(404, { success: false, message: PROPOSAL_MESSAGES.leadNotFound }),
    );
    expect(await rest(app, 'POST', '/api/leads/1/proposal-draft')).toMatchObject({ status: 401 });
    expect(await deps.db.select().from(proposals).all()).toEqual([]);
  });

  it('refuses an answer in another shape or out of range (503) and stores nothing; a fenced one is read', async () => {
    const item = MODEL_ANSWER.items[0]!;
    const texts = [
      'Here is your proposal: a workshop.',
      // A total of its own: the model gives no figures but prices.
      JSON.stringify({ ...MODEL_ANSWER, total: 1 }),
      JSON.stringify({ ...MODEL_ANSWER, title: 'Two\nlines' }),
      JSON.stringify({ ...MODEL_ANSWER, items: [{ ...item, quantity: 0 }] }),
      JSON.stringify({ ...MODEL_ANSWER, items: [{ ...item, quantity: 100_001 }] }),
      JSON.stringify({ ...MODEL_ANSWER, items: Array.from({ length: 21 }, () => item) }),
      JSON.stringify({ ...MODEL_ANSWER, items: [{ ...item, description: 'x'.repeat(501) }] }),
      JSON.stringify({ ...MODEL_ANSWER, items: [{ ...item, unitPrice: '1500' }] }),
    ];
    let call = 0;
    const model = new MockLanguageModelV4({
      modelId: 'mock-model',
      doGenerate: async () =>
        answer(
          texts[call++] ??
            `\`\`\`json\n${JSON.stringify({ ...MODEL_ANSWER, items: [{ ...item, unitPrice: 1e12 }] })}\n\`\`\``,
        ),
    });
    const { deps, admin } = await setUp(model);
    for (let n = 0; n < texts.length; n++) {
      await expect(admin.proposals.draft({ id: 1 })).rejects.toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        message: AI_UNREADABLE,
      });
    }
    expect(await deps.db.select().from(proposals).all()).toEqual([]);
    // Fenced and read; a price past what a proposal may hold is no price.
    const { proposal } = await admin.proposals.draft({ id: 1 });
    expect(proposal.items).toEqual([
      { description: 'Discovery workshop', quantity: 2, unitAmount: 0 },
    ]);
    expect(proposal.total).toBe(0);
  });
});
