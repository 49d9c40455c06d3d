/**
 * Withdrawing takes the testimonial off the public pages at once (docs/engagements.md,
 * "Testimonials"): a case study's kept page that showed it, served over HTTP, no longer does
 * at its next request (the `published_proof` counter its key holds moved with the withdraw).
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { MailMessage } from '#server/platform/mail';
import {
  admin,
  app,
  deps,
  page,
  published,
  removeClientDir,
  setUpSite,
} from '#tests/support/entry-pages';
import { rest } from '#tests/support/rest';
import { storeLeads } from '#tests/support/stored-leads';
import { tokenInMail } from '#tests/support/testimonial-requests';

beforeEach(setUpSite);
afterEach(removeClientDir);

const WORDS = 'Answers went out the same morning, every morning.';
const sent = () => (deps.mailer as unknown as { sent: MailMessage[] }).sent;

it("drops a withdrawn testimonial from the case study's page at its next request", async () => {
  const entryId = await published();
  await storeLeads(deps, 1, { name: 'Ada Byron', company: 'Northwind', email: 'ada@example.com' });
  expect((await admin(app, 'POST', '/api/leads/1/testimonial-requests', {})).status).toBe(201);
  const token = tokenInMail(sent().at(-1));
  const approved = await rest(app, 'POST', `/api/t/${token}/approve`, {
    json: { text: WORDS, show: { name: true, company: true }, consent: true },
  });
  expect(approved.status).toBe(200);
  const withdrawToken = tokenInMail(sent().at(-1), '/t/withdraw/');
  const linked = await admin(app, 'PUT', '/api/testimonials/1', {
    quote: WORDS,
    name: 'Ada Byron',
    company: 'Northwind',
    entryId,
  });
  expect(linked.status).toBe(200);
  expect((await admin(app, 'POST', '/api/testimonials/1/publish')).status).toBe(200);
  expect((await page('/case-studies/answers-in-minutes')).text).toContain(WORDS);

  expect((await rest(app, 'POST', `/api/t/withdraw/${withdrawToken}`)).status).toBe(200);
  const after = await page('/case-studies/answers-in-minutes');
  expect(after.status).toBe(200);
  expect(after.text).not.toContain(WORDS);
  expect(after.text).not.toContain('Ada Byron');
});
