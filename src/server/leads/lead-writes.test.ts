/**
 * The leads' writes whose outcome is the driver's (docs/leads.md): twenty status changes sent
 * at once, each entry starting from the one before, and the erasure of a person, one write
 * across their messages, timeline, replies' mails, drafts and subscription. On both drivers
 * (vite.config.ts, SQLD_TESTS); the rest of the leads' procedures are in lead-router.test.ts.
 */
import { beforeEach, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import { contacts, leadDrafts, leadEvents, leads, outbox, subscribers } from '#db/schema';
import { mailsSettled } from '#server/platform/mail';
import { LEAD_MESSAGES } from '#shared/lead-pipeline';
import { procedureCallers, type Caller, type TestDeps } from '#tests/support/app';
import { auditEntries } from '#tests/support/audit';
import { storeSubscribers } from '#tests/support/leads';
import { storeLeads } from '#tests/support/stored-leads';
import { failure } from '#tests/support/trpc-errors';
import { queueMail } from '#server/mail/outbox/queue-mail';
import { personData } from './person-data';
import { saveLeadDraft } from './drafts/drafts';

let deps: TestDeps;
let admin: Caller;

beforeEach(async () => {
  ({ deps, admin } = await procedureCallers());
});

it('chains 20 status changes at once: each entry starts from the one before', async () => {
  await storeLeads(deps, 1);
  const statuses = ['replied', 'meeting', 'proposal', 'won', 'lost'] as const;
  await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      admin.leads.update({ id: 1, data: { status: statuses[i % statuses.length]! } }),
    ),
  );
  const changes = (await admin.leads.get({ id: 1 })).timeline.filter(
    (e) => e.kind === 'status_changed',
  );
  expect(changes.length).toBeGreaterThan(0);
  expect(changes[0]!.from).toBe('new');
  for (let i = 1; i < changes.length; i++) expect(changes[i]!.from).toBe(changes[i - 1]!.status);
  for (const change of changes) expect(change.from).not.toBe(change.status);
  const lead = (await admin.leads.get({ id: 1 })).lead;
  expect(lead.status).toBe(changes.at(-1)!.status);
  expect((await auditEntries(deps.db)).length).toBe(changes.length);
});

it("erases the person's messages, timeline with its replies' mails, drafts, subscription and lead, and nobody else's", async () => {
  await storeLeads(deps, 2, (i) => ({ email: i ? 'other@example.com' : 'Ada@Example.com' }));
  await admin.leads.addNote({ id: 1, text: 'Note' });
  for (const leadId of [1, 2]) {
    await writeTransaction(deps.db, (tx) =>
      saveLeadDraft(tx, {
        leadId,
        subject: 'Re: Hi',
        text: 'Hi',
        by: 'admin',
        at: deps.clock.now(),
      }),
    );
  }
  // Each one's reply: its mail (address and text) is in the outbox, about its event.
  await admin.leads.reply({ id: 1, text: 'Hello Ada' });
  await admin.leads.reply({ id: 2, text: 'Hello other' });
  await mailsSettled(deps.mailer);
  // The export tells the reply's delivery from its mail.
  const exported = await personData(deps.db, 1, deps.clock.now());
  expect(exported?.timeline.filter((e) => e.kind === 'reply_sent')).toMatchObject([
    { text: 'Hello Ada', delivery: 'sent', toEmail: 'Ada@Example.com' },
  ]);
  await storeSubscribers(deps, 2, (i) => ({
    email: i ? 'reader@example.com' : 'ada@example.COM',
  }));
  // Mail waiting to them in the outbox goes with them (platform/outbox/forget-address.ts).
  await writeTransaction(deps.db, async (tx) => {
    for (const to of ['ada@example.com', 'other@example.com']) {
      await queueMail(
        tx,
        { kind: 'notice', message: { to, subject: 'Hi', text: 'Hi' } },
        deps.clock.now(),
      );
    }
  });
  expect(await admin.leads.erase({ id: 1 })).toEqual({
    success: true,
    kept: { invoices: [], proposals: [] },
  });
  expect((await deps.db.select().from(leads).all()).map((l) => l.id)).toEqual([2]);
  expect((await deps.db.select().from(contacts).all()).map((c) => c.leadId)).toEqual([2]);
  expect((await deps.db.select().from(leadDrafts).all()).map((d) => d.leadId)).toEqual([2]);
  expect(new Set((await deps.db.select().from(leadEvents).all()).map((e) => e.leadId))).toEqual(
    new Set([2]),
  );
  const left = await deps.db.select().from(outbox).orderBy(outbox.id).all();
  expect(left.map((m) => [m.kind, m.toEmail])).toEqual([
    ['reply', 'other@example.com'],
    ['notice', 'other@example.com'],
  ]);
  expect((await deps.db.select().from(subscribers).all()).map((s) => s.email)).toEqual([
    'reader@example.com',
  ]);
  expect((await admin.messages.list({ q: 'person 1' })).total).toBe(0);
  const audit = await auditEntries(deps.db);
  expect(audit.map((e) => [e.action, e.target]).at(-1)).toEqual(['lead_erased', 'lead 1']);
  expect(JSON.stringify(audit)).not.toMatch(/ada@/i);
  const error = await failure(admin.leads.erase({ id: 1 }));
  expect([error.code, error.message]).toEqual(['NOT_FOUND', LEAD_MESSAGES.notFound]);
});
