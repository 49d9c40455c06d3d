/**
 * The client's proposal page through app.request() (docs/api.md, "Proposals: the client's
 * page"): a page that works as plain HTML forms, with no script, kept by no cache and by no
 * search engine, and the JSON paths that share its rules.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { proposals } from '#db/schema';
import { PROPOSAL_PAGE_MESSAGES as M, PROPOSAL_PAGE_TEXTS as T } from '#shared/proposal-page/texts';
import { escapeHtml } from '#shared/escape-html';
import { dayText } from '#shared/meeting-time';
import type { App } from '#server/app/app';
import { mailsSettled } from '#server/platform/mail';
import {
  createRecordingMailer,
  createTestApp,
  testConfig,
  type RecordingMailer,
  type TestDeps,
} from '#tests/support/app';
import { storeLeads } from '#tests/support/stored-leads';
import { pdfText } from '#tests/support/pdf-text';
import { storeSentProposal } from '#tests/support/client-proposals';

let app: App;
let deps: TestDeps;
let mailer: RecordingMailer;
let leadId: number;

const NOW = new Date('2026-01-15T10:00:00Z');
/** Days as the page writes them ("Thursday, 15 January 2026", as the runtime spells it). */
const TODAY = dayText(NOW, 'UTC');
const LEAD_EMAIL = 'helen@client.example';

beforeEach(async () => {
  mailer = createRecordingMailer();
  ({ app, deps } = await createTestApp({
    mailer,
    config: testConfig({ siteUrl: 'http://localhost', trustProxy: true }),
  }));
  deps.clock.set(NOW);
  const [stored] = await storeLeads(deps, 1, { email: LEAD_EMAIL, name: 'Helen Marsh' });
  leadId = stored!.lead.id;
});

/** A form post as a browser sends it from the page. */
function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return app.request(path, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'http://localhost',
      'sec-fetch-site': 'same-origin',
      'x-forwarded-for': '203.0.113.7',
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  });
}

const statusOf = async (id: number) =>
  (await deps.db.select().from(proposals).where(eq(proposals.id, id)).get())!.status;

describe('GET /p/:token', () => {
  it("lets its forms go to this site only, and to Stripe's Checkout once Stripe is set up", async () => {
    const { token } = await storeSentProposal(deps, { leadId });
    const formAction = async () =>
      /form-action ([^;]+)/.exec(
        (await app.request(`/p/${token}`)).headers.get('Content-Security-Policy') ?? '',
      )?.[1];
    expect(await formAction()).toBe("'self'");
    const stripe = { secretKey: 'sk_test_x', webhookSecret: 'whsec_x', apiBase: null };
    ({ app } = await createTestApp({
      db: deps.db,
      config: testConfig({ siteUrl: 'http://localhost', stripe }),
    }));
    expect(await formAction()).toBe("'self' https://checkout.stripe.com");
  });

  it('is the proposal as a page: no script, noindex, no cache, no referrer elsewhere, its two forms', async () => {
    const { token } = await storeSentProposal(deps, {
      leadId,
      summary: 'We build **a support assistant**. <script>alert(1)</script>',
      title: 'Support <assistant> & more',
    });
    const response = await app.request(`/p/${token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    // No other site gets the address (its token) as a referrer.
    expect(response.headers.get('referrer-policy')).toBe('same-origin');
    const html = await response.text();
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toMatch(/<script/i);
    // The owner's words, escaped; the Markdown drawn.
    expect(html).toContain(
      '<h1 data-heading class="text-2xl font-bold text-ink">Support &lt;assistant&gt; &amp; more</h1>',
    );
    expect(html).toContain('<strong>a support assistant</strong>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    // Items, total and deposit, and the day it is valid until.
    expect(html).toContain('Discovery workshop');
    expect(html).toContain('€3,750.00');
    expect(html).toContain('Deposit (30%)');
    expect(html).toContain('€1,125.00');
    expect(html).toContain(dayText(new Date('2026-02-14T12:00:00Z'), 'UTC'));
    // The forms post to the page's own paths, with labelled fields.
    expect(html).toContain(`<form method="post" action="/p/${token}/accept"`);
    expect(html).toContain(`<form method="post" action="/p/${token}/decline"`);
    for (const label of [T.nameLabel, T.emailLabel, T.agreeLabel, T.reasonLabel]) {
      expect(html).toContain(`>${escapeHtml(label)}</label>`);
    }
    expect(html).toContain(`>${T.acceptButton}</button>`);
    expect(html).toContain(`>${T.declineButton}</button>`);
  });

  it('answers an unknown token with a page that says so, 404', async () => {
    const response = await app.request(`/p/${'A'.repeat(43)}`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain(T.notFoundHeading);
    expect(html).toContain('noindex');
  });

  it('says why it can no longer be answered, and shows no form', async () => {
    const { token } = await storeSentProposal(deps, { leadId, status: 'withdrawn' });
    const html = await (await app.request(`/p/${token}`)).text();
    expect(html).toContain(T.withdrawn);
    expect(html).not.toContain('<form');
  });
});

describe('the forms', () => {
  it('accepts by a form post: 303 back to the page, which says it is accepted and links the signed PDF', async () => {
    const { id, token } = await storeSentProposal(deps, { leadId });
    const response = await post(`/p/${token}/accept`, {
      name: 'Helen Marsh',
      email: LEAD_EMAIL,
      agree: 'yes',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/p/${token}?done=accepted`);
    expect(await statusOf(id)).toBe('accepted');

    const html = await (await app.request(`/p/${token}?done=accepted`)).text();
    expect(html).toContain(T.acceptedNotice);
    expect(html).toContain(T.acceptedBy('Helen Marsh', TODAY));
    expect(html).toContain(`href="/p/${token}/pdf"`);
    // The link it names: the signed PDF, with its certificate.
    const pdf = await app.request(`/p/${token}/pdf`);
    expect([pdf.status, pdf.headers.get('Content-Type')]).toEqual([200, 'application/pdf']);
    const text = (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).join('\n');
    expect(text).toContain('Certificate of acceptance');
    expect(text).toContain('Helen Marsh');
    expect((await app.request(`/p/${'C'.repeat(43)}/pdf`)).status).toBe(404);
    // No Stripe here: the deposit is paid by bank transfer.
    expect(html).toContain(escapeHtml(T.bankTransfer('€1,125.00', '€1,125.00')));
    expect(html).not.toContain(`action="/p/${token}/accept"`);

    // The form again: 409, the page saying why.
    const again = await post(`/p/${token}/accept`, {
      name: 'Helen Marsh',
      email: LEAD_EMAIL,
      agree: 'yes',
    });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(M.alreadyAccepted);
  });

  it('gives the page back with the typed values and each problem, and nothing changes', async () => {
    const { id, token } = await storeSentProposal(deps, { leadId });
    const response = await post(`/p/${token}/accept`, {
      name: 'Helen "H" Marsh',
      email: 'not an address',
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('value="Helen &quot;H&quot; Marsh"');
    expect(html).toContain('value="not an address"');
    expect(html).toContain(
      `<p id="accept-email-error" class="mt-1 text-sm font-medium text-red-700 dark:text-red-300">${M.email}</p>`,
    );
    expect(html).toContain(M.agree);
    expect(html).toMatch(/id="accept-email"[^>]*aria-invalid="true"[^>]*autofocus/);
    // Shown again, so viewed; neither accepted nor declined.
    expect(await statusOf(id)).toBe('viewed');
  });

  it('asks for the code mailed to another address, then accepts with it', async () => {
    const { id, token } = await storeSentProposal(deps, { leadId });
    const fields = { name: 'Ops Lead', email: 'ops@partner.example', agree: 'yes' };
    const first = await post(`/p/${token}/accept`, fields);
    expect(first.status).toBe(400);
    const html = await first.text();
    expect(html).toContain(M.codeSent('ops@partner.example'));
    expect(html).toMatch(
      /<input id="accept-code" name="code"[^>]*autocomplete="one-time-code"[^>]*autofocus/,
    );
    expect(html).toContain('value="Ops Lead"');
    expect(html).toMatch(/id="accept-agree"[^>]* checked/);

    await mailsSettled(mailer);
    const code = /Your code is (\d{6})\./.exec(mailer.sent.at(-1)?.text ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const second = await post(`/p/${token}/accept`, { ...fields, code: code! });
    expect(second.status).toBe(303);
    expect(await statusOf(id)).toBe('accepted');
  });

  it('declines by a form post, with a reason', async () => {
    const { id, token } = await storeSentProposal(deps, { leadId });
    const response = await post(`/p/${token}/decline`, { reason: 'Not this year.' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/p/${token}?done=declined`);
    expect(await statusOf(id)).toBe('declined');
    const html = await (await app.request(`/p/${token}?done=declined`)).text();
    expect(html).toContain(T.declinedNotice);
    expect(html).toContain(T.declinedOn(TODAY));
  });

  it('refuses a post from another site (403) and one that is not a form (415)', async () => {
    const { id, token } = await storeSentProposal(deps, { leadId });
    const crossSite = await post(`/p/${token}/decline`, {}, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    const nullOrigin = await post(`/p/${token}/decline`, {}, { origin: 'null' });
    expect(nullOrigin.status).toBe(403);
    const otherOrigin = await app.request(`/p/${token}/decline`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
      },
      body: '',
    });
    expect(otherOrigin.status).toBe(403);
    const json = await post(`/p/${token}/decline`, {}, { 'content-type': 'application/json' });
    expect(json.status).toBe(415);
    // Shown again, so viewed; neither accepted nor declined.
    expect(await statusOf(id)).toBe('viewed');
  });

  it('answers 429 with Retry-After past 10 tries an hour from one address', async () => {
    const { token } = await storeSentProposal(deps, { leadId, status: 'withdrawn' });
    for (let i = 0; i < 10; i++) {
      expect((await post(`/p/${token}/decline`, {})).status).toBe(409);
    }
    const throttled = await post(`/p/${token}/decline`, {});
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('the JSON paths', () => {
  it('reads, accepts and refuses as the page does', async () => {
    const { token } = await storeSentProposal(deps, { leadId });
    const json = (body: unknown) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const view = await app.request(`/api/p/${token}`);
    expect(view.status).toBe(200);
    expect(await view.json()).toMatchObject({ success: true, proposal: { status: 'viewed' } });
    expect((await app.request(`/api/p/${'B'.repeat(43)}`)).status).toBe(404);

    const bad = await app.request(
      `/api/p/${token}/accept`,
      json({ name: 'Helen', email: LEAD_EMAIL, agree: false }),
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      success: false,
      message: M.agree,
      issues: [{ path: 'agree', message: M.agree }],
    });
    const accepted = await app.request(
      `/api/p/${token}/accept`,
      json({ name: 'Helen Marsh', email: LEAD_EMAIL, agree: true }),
    );
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({
      success: true,
      proposal: { status: 'accepted', acceptance: { name: 'Helen Marsh' } },
    });
    const again = await app.request(`/api/p/${token}/decline`, json({}));
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ success: false, message: M.alreadyAccepted });
  });
});
