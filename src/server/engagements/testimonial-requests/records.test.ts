/**
 * What the database keeps of testimonial requests (docs/engagements.md, "Testimonials"): no
 * `/t/` or withdraw token in any byte of the database file or its -wal once the mails went (the
 * outbox seals and then drops their text, as for `/p/` and `/i/`); the lead's export lists its
 * requests without the hashes; erasing the lead removes them, and its links then answer 404.
 */
import { expect, it } from 'vitest';
import { testimonialRequests } from '#db/schema';
import { personData } from '#server/leads/person-data';
import type { MailMessage } from '#server/platform/mail';
import { createTestApp, signedInCookie, testConfig, type TestDeps } from '#tests/support/app';
import { databaseFileBytes } from '#tests/support/database';
import { rest } from '#tests/support/rest';
import { storeLeads } from '#tests/support/stored-leads';
import { tokenInMail } from '#tests/support/testimonial-requests';

const sent = (deps: TestDeps) => (deps.mailer as unknown as { sent: MailMessage[] }).sent;

async function requested() {
  const { app, deps } = await createTestApp({ config: testConfig() });
  const cookie = await signedInCookie(deps, 'alice');
  await storeLeads(deps, 2, (i) => ({ email: `client${i + 1}@example.com` }));
  for (const id of [1, 2]) {
    const made = await rest(app, 'POST', `/api/leads/${id}/testimonial-requests`, {
      cookie,
      json: { text: `Words of lead ${id}.` },
    });
    expect(made.status).toBe(201);
  }
  const [first, second] = sent(deps).map((mail) => tokenInMail(mail));
  return { app, deps, cookie, first: first ?? '', second: second ?? '' };
}

/** The database file and its -wal as bytes (latin1: one character a byte). */
function databaseBytes(deps: TestDeps): string {
  const bytes = databaseFileBytes(deps.db);
  expect(bytes).not.toBeNull();
  return (bytes ?? Buffer.alloc(0)).toString('latin1');
}

it('keeps no /t/ or withdraw token in the database files once their mails went', async () => {
  const { app, deps, first } = await requested();
  const approved = await rest(app, 'POST', `/api/t/${first}/approve`, {
    json: { text: 'Calm and clear.', consent: true },
  });
  expect(approved.status).toBe(200);
  const withdrawToken = tokenInMail(sent(deps).at(-1), '/t/withdraw/');
  const bytes = databaseBytes(deps);
  for (const token of [first, withdrawToken]) {
    expect(bytes.includes(token.slice(0, 20)), token).toBe(false);
    expect(bytes.includes(token.slice(-20)), token).toBe(false);
  }
});

it("lists the lead's requests in its export, and erasing the lead removes them and ends its links", async () => {
  const { app, deps, cookie, first, second } = await requested();
  const exported = await personData(deps.db, 1, deps.clock.now());
  expect(exported?.testimonialRequests).toEqual([
    {
      suggestedText: 'Words of lead 1.',
      suggestedByAi: false,
      status: 'open',
      createdAt: expect.any(String) as string,
      expiresAt: expect.any(String) as string,
      decidedAt: null,
      testimonialId: null,
    },
  ]);
  expect(JSON.stringify(exported)).not.toContain('tokenHash');

  expect((await rest(app, 'DELETE', '/api/leads/1', { cookie })).status).toBe(200);
  const left = await deps.db.select().from(testimonialRequests).all();
  expect(left.map((row) => row.leadId)).toEqual([2]);
  expect((await rest(app, 'GET', `/api/t/${first}`)).status).toBe(404);
  expect((await rest(app, 'GET', `/api/t/${second}`)).status).toBe(200);
});
