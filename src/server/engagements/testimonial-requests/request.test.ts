/**
 * The owner's testimonial request (docs/engagements.md, "Testimonials"): POST
 * /api/leads/:id/testimonial-requests mails the client `/t/<token>` (the token kept only as
 * its hash), one open request a lead (409, twenty at once included), 30 days open, audited;
 * `ai: true` asks the OpenAI-compatible server over HTTP for words flagged as the model's.
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { aiUsage, testimonialRequests } from '#db/schema';
import { AI_NOT_SET_UP } from '#server/ai/ask';
import type { MailMessage } from '#server/platform/mail';
import { tokenInMail } from '#tests/support/testimonial-requests';
import { tokenHash } from '#server/platform/tokens';
import { TESTIMONIAL_REQUEST_MESSAGES as M } from '#shared/engagements/testimonial-requests';
import { auditEntries } from '#tests/support/audit';
import { createTestApp, signedInCookie, testConfig, type TestDeps } from '#tests/support/app';
import { startOpenAiServer, type OpenAiServer } from '#tests/support/openai-server';
import { rest } from '#tests/support/rest';
import { storeLeads } from '#tests/support/stored-leads';

const MESSAGE = 'We need our support inbox sorted before the spring launch.';

let fake: OpenAiServer | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function setUp(ai?: OpenAiServer) {
  const config = ai
    ? testConfig({
        ai: { provider: 'openai-compatible', baseUrl: ai.baseUrl, apiKey: null, model: 'fake' },
      })
    : testConfig();
  const { app, deps } = await createTestApp({ config });
  const cookie = await signedInCookie(deps, 'alice');
  await storeLeads(deps, 1, {
    name: 'Ada Client',
    company: 'Acme',
    email: 'ada@client.example',
    messages: [MESSAGE],
  });
  const request = (json: unknown = {}) =>
    rest(app, 'POST', '/api/leads/1/testimonial-requests', { cookie, json });
  return { app, deps, cookie, request };
}

const sent = (deps: TestDeps) => (deps.mailer as unknown as { sent: MailMessage[] }).sent;

describe('POST /api/leads/:id/testimonial-requests', () => {
  it("stores the owner's words, mails the client the link, keeps only the token's hash, audits", async () => {
    const { deps, request } = await setUp();
    const res = await request({ text: 'Working with them was calm and clear.' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      request: {
        leadId: 1,
        status: 'open',
        suggestedText: 'Working with them was calm and clear.',
        suggestedByAi: false,
        createdAt: '2026-01-15T10:00:01.000Z',
        expiresAt: '2026-02-14T10:00:01.000Z',
        testimonialId: null,
      },
    });
    const mail = sent(deps).at(-1);
    expect(mail?.to).toBe('ada@client.example');
    const token = tokenInMail(mail);
    const [row] = await deps.db.select().from(testimonialRequests).all();
    expect(row?.tokenHash).toBe(tokenHash(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const audit = (await auditEntries(deps.db)).filter((e) => e.action === 'testimonial_requested');
    expect(audit).toMatchObject([{ actor: 'alice', target: 'testimonial request 1' }]);
  });

  it('answers 409 while the lead has an open request, once for twenty at once', async () => {
    const { request } = await setUp();
    const answers = await Promise.all(Array.from({ length: 20 }, () => request({})));
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array<number>(19).fill(409)]);
    expect(answers.find((a) => a.status === 409)?.body).toMatchObject({ message: M.openExists });
    expect((await request({})).status).toBe(409);
  });

  it('lets the link expire after 30 days (410), then a new request can go', async () => {
    const { app, deps, request } = await setUp();
    await request({});
    const token = tokenInMail(sent(deps).at(-1));
    deps.clock.advance(30 * 24 * 60 * 60_000 - 2_000);
    expect((await rest(app, 'GET', `/api/t/${token}`)).status).toBe(200);
    deps.clock.advance(2_000);
    expect(await rest(app, 'GET', `/api/t/${token}`)).toMatchObject({
      status: 410,
      body: { message: M.expired },
    });
    // A session lasts 12 hours: the owner signs in again a month later.
    const cookie = await signedInCookie(deps, 'bob');
    const again = await rest(app, 'POST', '/api/leads/1/testimonial-requests', {
      cookie,
      json: {},
    });
    expect(again.status).toBe(201);
    const rows = await deps.db.select().from(testimonialRequests).all();
    expect(rows.map((r) => r.status)).toEqual(['expired', 'open']);
  });

  it('answers 404 for an unknown lead and refuses an admin path without a session', async () => {
    const { app, cookie } = await setUp();
    const unknown = await rest(app, 'POST', '/api/leads/9/testimonial-requests', {
      cookie,
      json: {},
    });
    expect(unknown).toMatchObject({ status: 404, body: { message: M.leadNotFound } });
    expect(
      (await rest(app, 'POST', '/api/leads/1/testimonial-requests', { json: {} })).status,
    ).toBe(401);
  });

  it("asks the model for words from the lead's story, flagged as the model's, within the month's tokens", async () => {
    fake = await startOpenAiServer({
      answer: () => '"They sorted our support inbox before launch."',
    });
    const { deps, request } = await setUp(fake);
    const res = await request({ ai: true });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      request: {
        suggestedText: 'They sorted our support inbox before launch.',
        suggestedByAi: true,
      },
    });
    const sentToModel = JSON.stringify(fake.chatRequests().at(-1)?.body.messages);
    expect(sentToModel).toContain(MESSAGE);
    const usage = await deps.db
      .select()
      .from(aiUsage)
      .where(eq(aiUsage.feature, 'testimonial_words'))
      .all();
    expect(usage).toHaveLength(1);
  });

  it('answers 409 for ai: true without AI_PROVIDER, and stores nothing', async () => {
    const { deps, request } = await setUp();
    expect(await request({ ai: true })).toMatchObject({
      status: 409,
      body: { message: AI_NOT_SET_UP },
    });
    expect(await deps.db.select().from(testimonialRequests).all()).toEqual([]);
  });
});
