/**
 * The client's answers on `/api/t/` (docs/engagements.md, "Testimonials"): the request's words
 * while open, approving (an unpublished testimonial whose consent record is the approval's),
 * declining, withdrawing (off every public surface at once, never published again, audited),
 * and the refusals: 400, 404, 410, 429.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { testimonialRequests, testimonials } from '#db/schema';
import type { App } from '#server/app/app';
import type { MailMessage } from '#server/platform/mail';
import { homeProof } from '#server/proof/home-proof';
import { publishedTestimonials } from '#server/proof/published-proof';
import {
  TESTIMONIAL_CONSENT_TEXT,
  TESTIMONIAL_REQUEST_MESSAGES as M,
} from '#shared/engagements/testimonial-requests';
import { PROOF_MESSAGES } from '#shared/proof';
import { auditEntries } from '#tests/support/audit';
import { createTestApp, signedInCookie, testConfig, type TestDeps } from '#tests/support/app';
import { rest } from '#tests/support/rest';
import { storeLeads } from '#tests/support/stored-leads';
import { tokenInMail } from '#tests/support/testimonial-requests';

const WORDS = 'Calm, clear and on time: our support inbox is finally under control.';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0';

let app: App;
let deps: TestDeps;
let cookie: string;
let token: string;

const sent = () => (deps.mailer as unknown as { sent: MailMessage[] }).sent;

beforeEach(async () => {
  ({ app, deps } = await createTestApp({ config: testConfig({ trustProxy: true }) }));
  cookie = await signedInCookie(deps, 'alice');
  await storeLeads(deps, 1, { name: 'Ada Client', company: 'Acme', email: 'ada@client.example' });
  const made = await rest(app, 'POST', '/api/leads/1/testimonial-requests', {
    cookie,
    json: { text: 'Suggested: they were calm.' },
  });
  expect(made.status).toBe(201);
  token = tokenInMail(sent().at(-1));
});

/** POST as the client's browser: JSON, with its User-Agent. */
async function post(path: string, json?: unknown) {
  const response = await app.request(path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': BROWSER,
      'x-forwarded-for': '203.0.113.77',
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

const approve = (json: Record<string, unknown> = {}) =>
  post(`/api/t/${token}/approve`, {
    text: WORDS,
    show: { name: true, company: true, role: false, photo: false },
    consent: true,
    ...json,
  });

describe('GET /api/t/:token', () => {
  it('shows the words and the consent sentence; an unknown token is 404', async () => {
    expect(await rest(app, 'GET', `/api/t/${token}`)).toMatchObject({
      status: 200,
      body: {
        success: true,
        request: {
          status: 'open',
          suggestedText: 'Suggested: they were calm.',
          suggestedByAi: false,
          consentText: TESTIMONIAL_CONSENT_TEXT,
          name: 'Ada Client',
          company: 'Acme',
        },
      },
    });
    const unknown = await rest(app, 'GET', `/api/t/${'x'.repeat(43)}`);
    expect(unknown).toMatchObject({ status: 404, body: { message: M.notFound } });
  });
});

describe('POST /api/t/:token/approve', () => {
  it('refuses an approval without the consent box or without words (400), changing nothing', async () => {
    expect(await approve({ consent: false })).toMatchObject({
      status: 400,
      body: { issues: [{ path: 'consent', message: M.consent }] },
    });
    expect(await approve({ text: '   ' })).toMatchObject({
      status: 400,
      body: { issues: [{ path: 'text', message: M.text }] },
    });
    expect(await deps.db.select().from(testimonials).all()).toEqual([]);
  });

  it('creates an unpublished testimonial with the whole consent record, mails the withdraw link', async () => {
    expect(await approve()).toEqual({ status: 200, body: { success: true, status: 'approved' } });
    const [row] = await deps.db.select().from(testimonials).all();
    expect(row).toMatchObject({
      quote: WORDS,
      name: 'Ada Client',
      company: 'Acme',
      role: '',
      leadId: 1,
      status: 'draft',
      withdrawnAt: null,
      consentAt: '2026-01-15',
    });
    expect(JSON.parse(row?.consentRecord ?? 'null')).toEqual({
      consentText: TESTIMONIAL_CONSENT_TEXT,
      at: deps.clock.now().toISOString(),
      address: '203.0.113.0/24',
      userAgent: BROWSER,
      suggestedText: 'Suggested: they were calm.',
      suggestedByAi: false,
      approvedText: WORDS,
      show: { name: true, company: true, role: false, photo: false },
      requestId: 1,
    });
    expect(await publishedTestimonials(deps.db)).toEqual([]);
    const mail = sent().at(-1);
    expect(mail?.to).toBe('ada@client.example');
    expect(mail?.text).toContain(WORDS);
    tokenInMail(mail, '/t/withdraw/');
    // Decided: the link ends.
    expect(await approve()).toMatchObject({ status: 410, body: { message: M.decided } });
    expect((await post(`/api/t/${token}/decline`)).status).toBe(410);
    expect((await rest(app, 'GET', `/api/t/${token}`)).status).toBe(410);
  });

  it("keeps the client's approved words: the owner's save with other words is 400, nothing changed", async () => {
    await approve();
    const save = (quote: string) =>
      rest(app, 'PUT', '/api/testimonials/1', {
        cookie,
        json: { quote, name: 'Ada Client', company: 'Acme', role: 'CTO' },
      });
    expect(await save('Better words the client never saw.')).toMatchObject({
      status: 400,
      body: { issues: [{ path: 'quote', message: PROOF_MESSAGES.approvedWords }] },
    });
    const [row] = await deps.db.select().from(testimonials).all();
    expect(row?.quote).toBe(WORDS);
    expect((await save(WORDS)).status).toBe(200);
  });

  it('answers 410 to an approval once the 30 days have passed', async () => {
    deps.clock.advance(30 * 24 * 60 * 60_000);
    expect(await approve()).toMatchObject({ status: 410, body: { message: M.expired } });
    expect(await deps.db.select().from(testimonials).all()).toEqual([]);
  });

  it('leaves the name out when its box is not ticked', async () => {
    await approve({ show: { name: false, company: false } });
    const [row] = await deps.db.select().from(testimonials).all();
    expect(row).toMatchObject({ name: 'A client', company: '' });
  });

  it('makes one testimonial of twenty approvals sent at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        rest(app, 'POST', `/api/t/${token}/approve`, {
          json: { text: WORDS, consent: true },
          ip: `198.51.100.${i + 1}`,
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array<number>(19).fill(410)]);
    expect(await deps.db.select().from(testimonials).all()).toHaveLength(1);
  });

  it('answers 429 past 10 answers an hour from one address, before any 410', async () => {
    await approve();
    for (let i = 0; i < 9; i++) expect((await approve()).status).toBe(410);
    expect((await approve()).status).toBe(429);
  });
});

describe('POST /api/t/:token/decline', () => {
  it('declines: no testimonial, and approving afterwards is 410', async () => {
    expect(await post(`/api/t/${token}/decline`)).toEqual({
      status: 200,
      body: { success: true, status: 'declined' },
    });
    expect(await approve()).toMatchObject({ status: 410, body: { message: M.decided } });
    expect(await deps.db.select().from(testimonials).all()).toEqual([]);
  });
});

describe('POST /api/t/withdraw/:token', () => {
  it('unpublishes it at once, keeps it off the public proof for good, audits', async () => {
    await approve();
    const withdrawToken = tokenInMail(sent().at(-1), '/t/withdraw/');
    const publish = await rest(app, 'POST', '/api/testimonials/1/publish', { cookie });
    expect(publish.status).toBe(200);
    expect((await publishedTestimonials(deps.db)).map((t) => t.quote)).toEqual([WORDS]);
    expect((await homeProof(deps.db)).testimonials.map((t) => t.quote)).toEqual([WORDS]);

    expect(await post(`/api/t/withdraw/${withdrawToken}`)).toEqual({
      status: 200,
      body: { success: true, status: 'withdrawn' },
    });
    expect(await publishedTestimonials(deps.db)).toEqual([]);
    expect((await homeProof(deps.db)).testimonials).toEqual([]);
    const [row] = await deps.db.select().from(testimonials).all();
    expect(row).toMatchObject({ status: 'draft', withdrawnAt: deps.clock.now() });
    const [request] = await deps.db
      .select()
      .from(testimonialRequests)
      .where(eq(testimonialRequests.id, 1))
      .all();
    expect(request?.status).toBe('withdrawn');

    expect(await rest(app, 'POST', '/api/testimonials/1/publish', { cookie })).toMatchObject({
      status: 409,
      body: { message: PROOF_MESSAGES.withdrawn },
    });
    expect(await post(`/api/t/withdraw/${withdrawToken}`)).toMatchObject({
      status: 410,
      body: { message: M.withdrawn },
    });
    expect((await post(`/api/t/withdraw/${'y'.repeat(43)}`)).status).toBe(404);
    const audit = (await auditEntries(deps.db)).filter((e) => e.action === 'testimonial_withdrawn');
    expect(audit).toMatchObject([{ actor: null, target: 'testimonial request 1' }]);
  });

  it('withdraws once, audited once, of twenty withdrawals sent at once', async () => {
    await approve();
    const withdrawToken = tokenInMail(sent().at(-1), '/t/withdraw/');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        rest(app, 'POST', `/api/t/withdraw/${withdrawToken}`, { ip: `198.51.100.${i + 1}` }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array<number>(19).fill(410)]);
    const audit = (await auditEntries(deps.db)).filter((e) => e.action === 'testimonial_withdrawn');
    expect(audit).toHaveLength(1);
  });
});
