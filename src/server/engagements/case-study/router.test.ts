/**
 * The case-study draft (docs/engagements.md, "Case-study draft"): POST
 * /api/leads/:id/case-study-draft stores a case study in `draft` from the lead's story, the
 * signed scope, the call notes and the approved testimonial; amounts only when ticked; with AI
 * on (the OpenAI-compatible server over HTTP), a quotation that is not the approved words is
 * removed and flagged; with AI off, a plain template.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import { callNotes, entries, testimonials } from '#db/schema';
import { auditEntries } from '#tests/support/audit';
import { storeProposal } from '#tests/support/accepted-proposal';
import { createTestApp, signedInCookie, testConfig, type TestDeps } from '#tests/support/app';
import { startOpenAiServer, type OpenAiServer } from '#tests/support/openai-server';
import { rest } from '#tests/support/rest';
import { quotesTakenOut } from './quotations';

const APPROVED = 'Calm, clear and on time: our support inbox is finally under control.';
const NOTE = 'Agreed to route billing tickets to finance first.';

let fake: OpenAiServer | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function storeApproved(deps: TestDeps, leadId: number, quote = APPROVED) {
  await writeTransaction(deps.db, (tx) =>
    tx.insert(testimonials).values({
      quote,
      name: 'Ada Client',
      leadId,
      consentAt: '2026-01-15',
      consentHow: 'Approved by the client on the testimonial request page',
      consentRecord: JSON.stringify({ approvedText: quote }),
      updatedAt: deps.clock.now(),
    }),
  );
}

async function setUp(ai?: OpenAiServer) {
  const config = ai
    ? testConfig({
        ai: { provider: 'openai-compatible', baseUrl: ai.baseUrl, apiKey: null, model: 'fake' },
      })
    : testConfig();
  const { app, deps } = await createTestApp({ config });
  const cookie = await signedInCookie(deps, 'alice');
  const proposal = await storeProposal(deps, {
    lead: { name: 'Ada Client', company: 'Acme' },
    title: 'Support inbox clean-up',
  });
  await storeApproved(deps, proposal.leadId);
  await writeTransaction(deps.db, (tx) =>
    tx.insert(callNotes).values({
      leadId: proposal.leadId,
      transcript: 'kept',
      summary: 'Kick-off call.',
      decisions: JSON.stringify([NOTE]),
      createdAt: deps.clock.now(),
    }),
  );
  const draft = (json: unknown = {}) =>
    rest(app, 'POST', `/api/leads/${proposal.leadId}/case-study-draft`, { cookie, json });
  return { app, deps, cookie, draft, leadId: proposal.leadId };
}

describe('POST /api/leads/:id/case-study-draft with AI off', () => {
  it('stores a template draft with the scope and the notes, the approved testimonial attached, no amounts', async () => {
    const { deps, draft } = await setUp();
    const res = await draft();
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      flagged: [],
      entry: { kind: 'case_study', status: 'draft', title: 'Case study: Support inbox clean-up' },
    });
    const [row] = await deps.db.select().from(entries).all();
    expect(row?.body).toContain('Discovery workshop');
    expect(row?.body).toContain(NOTE);
    // The words show through the testimonial, which a withdrawal takes off; never in the text.
    expect(row?.body).not.toContain(APPROVED.split(':')[0]);
    expect(
      await deps.db.select({ entryId: testimonials.entryId }).from(testimonials).all(),
    ).toEqual([{ entryId: row?.id }]);
    expect(row?.body).not.toMatch(/€|4,000/);
    expect((await auditEntries(deps.db)).map((e) => e.action)).toContain('entry_created');
  });

  it('puts the amounts in only when ticked', async () => {
    const { deps, draft } = await setUp();
    expect((await draft({ amounts: true })).status).toBe(201);
    const [row] = await deps.db.select().from(entries).all();
    expect(row?.body).toContain('Total: €4,000.00');
  });

  it('answers 404 for an unknown lead', async () => {
    const { app, cookie } = await setUp();
    const res = await rest(app, 'POST', '/api/leads/99/case-study-draft', { cookie, json: {} });
    expect(res.status).toBe(404);
  });
});

describe('POST /api/leads/:id/case-study-draft with AI on', () => {
  it("takes out every quotation, flags those not approved, sends the story's parts", async () => {
    fake = await startOpenAiServer({
      answer: () =>
        JSON.stringify({
          title: 'How Acme got its support inbox back, «the best we ever hired»',
          summary: 'A calmer inbox in weeks.',
          body: `## The outcome\n\n> ${APPROVED}\n\nTheir CTO said "it doubled our revenue in a week" at the review.\n\n> Best consultants we ever hired.\n`,
        }),
    });
    const { deps, draft } = await setUp(fake);
    const res = await draft();
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      flagged: [
        'the best we ever hired',
        'Best consultants we ever hired.',
        'it doubled our revenue in a week',
      ],
      entry: { status: 'draft', title: 'How Acme got its support inbox back,' },
    });
    const [row] = await deps.db.select().from(entries).all();
    expect(row?.body).not.toContain(APPROVED.split(':')[0]);
    expect(row?.body).not.toContain('doubled');
    expect(row?.body).not.toContain('Best consultants');
    const sentToModel = JSON.stringify(fake.chatRequests().at(-1)?.body.messages);
    expect(sentToModel).toContain(NOTE);
    expect(sentToModel).toContain('Support inbox clean-up');
    expect(sentToModel).toContain('finally under control');
    expect(sentToModel).not.toContain('4,000');
  });
});

describe('quotesTakenOut', () => {
  it('takes out every quotation but short quoted terms, returning those not the approved words', () => {
    const text = `> Calm, clear and on time:\n> our support inbox is finally under control.\n\nWe called it "Project Inbox". "We would hire them again" said someone, ‘worth every cent we paid’.`;
    expect(quotesTakenOut(text, APPROVED)).toEqual({
      text: `We called it "Project Inbox".  said someone, .`,
      removed: ['We would hire them again', 'worth every cent we paid'],
    });
    expect(quotesTakenOut(`> ${APPROVED}`, null).removed).toEqual([APPROVED]);
  });
});
