/**
 * The client's testimonial pages with JavaScript off (docs/engagements.md, "Testimonials"):
 * `/t/<token>` as plain HTML forms (the model's words marked as a suggestion), the approval and
 * decline posted as forms (303, or the form again with its problem), the withdraw page's confirm
 * form, and the pages of an unknown (404) or ended (410) link; never cached, never indexed.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { testimonials } from '#db/schema';
import type { App } from '#server/app/app';
import type { MailMessage } from '#server/platform/mail';
import {
  TESTIMONIAL_CONSENT_TEXT,
  TESTIMONIAL_PAGE_TEXTS as T,
  TESTIMONIAL_REQUEST_MESSAGES as M,
} from '#shared/engagements/testimonial-requests';
import { escapeHtml } from '#shared/escape-html';
import { AI_ON, mockModel } from '#tests/support/ai';
import { createTestApp, signedInCookie, testConfig, type TestDeps } from '#tests/support/app';
import { rest } from '#tests/support/rest';
import { storeLeads } from '#tests/support/stored-leads';
import { tokenInMail } from '#tests/support/testimonial-requests';

const MODEL_WORDS = 'They listened, then delivered exactly what we needed.';

let app: App;
let deps: TestDeps;
let token: string;

const sent = () => (deps.mailer as unknown as { sent: MailMessage[] }).sent;

beforeEach(async () => {
  ({ app, deps } = await createTestApp({
    config: testConfig(AI_ON),
    aiModel: mockModel(MODEL_WORDS),
  }));
  const cookie = await signedInCookie(deps, 'alice');
  await storeLeads(deps, 1, { name: 'Ada Client', company: 'Acme', email: 'ada@client.example' });
  const made = await rest(app, 'POST', '/api/leads/1/testimonial-requests', {
    cookie,
    json: { ai: true },
  });
  expect(made.status).toBe(201);
  token = tokenInMail(sent().at(-1));
});

const page = async (path: string) => {
  const response = await app.request(path);
  return { status: response.status, html: await response.text(), headers: response.headers };
};

const postForm = (path: string, fields: Record<string, string>) =>
  app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

describe('GET /t/:token', () => {
  it('is a plain form with the suggested words marked, the boxes and the consent sentence', async () => {
    const { status, html, headers } = await page(`/t/${token}`);
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(headers.get('referrer-policy')).toBe('same-origin');
    expect(headers.get('x-robots-tag')).toBe('noindex');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('<script');
    expect(html).toContain(`<form method="post" action="/t/${token}/approve"`);
    expect(html).toContain(`<form method="post" action="/t/${token}/decline"`);
    expect(html).toContain(escapeHtml(MODEL_WORDS));
    expect(html).toContain(T.suggested);
    for (const box of ['show_name', 'show_role', 'show_company', 'show_photo', 'consent']) {
      expect(html).toContain(`name="${box}"`);
    }
    expect(html).toContain(escapeHtml(TESTIMONIAL_CONSENT_TEXT));
  });

  it('answers an unknown link 404 with a page, never the API', async () => {
    const { status, html } = await page(`/t/${'z'.repeat(43)}`);
    expect(status).toBe(404);
    expect(html).toContain(T.notFoundHeading);
  });
});

describe('the forms', () => {
  it('shows the form again with the words kept when the consent box is not ticked (400)', async () => {
    const response = await postForm(`/t/${token}/approve`, { text: 'My own words here.' });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('My own words here.');
    expect(html).toContain(escapeHtml(M.consent));
    expect(await deps.db.select().from(testimonials).all()).toEqual([]);
  });

  it('approves (303), says so, then the link answers 410; the withdraw page withdraws it', async () => {
    const response = await postForm(`/t/${token}/approve`, {
      text: 'My own words here.',
      show_company: 'yes',
      consent: 'yes',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/t/${token}?done=approved`);
    expect((await page(`/t/${token}?done=approved`)).html).toContain(escapeHtml(T.approved));
    const [row] = await deps.db.select().from(testimonials).all();
    expect(row).toMatchObject({ quote: 'My own words here.', name: 'A client', company: 'Acme' });
    expect(JSON.parse(row?.consentRecord ?? '{}')).toMatchObject({
      suggestedText: MODEL_WORDS,
      suggestedByAi: true,
      approvedText: 'My own words here.',
    });
    const ended = await page(`/t/${token}`);
    expect(ended.status).toBe(410);
    expect(ended.html).toContain(escapeHtml(M.decided));

    const withdrawToken = tokenInMail(sent().at(-1), '/t/withdraw/');
    const confirm = await page(`/t/withdraw/${withdrawToken}`);
    expect(confirm.status).toBe(200);
    expect(confirm.html).toContain(`<form method="post" action="/t/withdraw/${withdrawToken}"`);
    const withdrawn = await postForm(`/t/withdraw/${withdrawToken}`, {});
    expect(withdrawn.status).toBe(303);
    expect(withdrawn.headers.get('location')).toBe(`/t/withdraw/${withdrawToken}?done=withdrawn`);
    const [after] = await deps.db.select().from(testimonials).all();
    expect(after?.withdrawnAt).not.toBeNull();
    expect((await page(`/t/withdraw/${withdrawToken}`)).status).toBe(410);
  });

  it('declines (303) and creates nothing', async () => {
    const response = await postForm(`/t/${token}/decline`, {});
    expect(response.status).toBe(303);
    expect((await page(`/t/${token}?done=declined`)).html).toContain(escapeHtml(T.declined));
    expect((await page(`/t/${token}`)).status).toBe(410);
    expect(await deps.db.select().from(testimonials).all()).toEqual([]);
  });
});
