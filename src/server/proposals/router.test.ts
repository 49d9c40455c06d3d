/**
 * The admin's proposals (docs/proposals.md): drafts with the server's amounts, sending with its
 * link and the lead's move, revisions that replace, withdrawal, the list and its filter, the
 * settings, and what a signed-out caller is refused.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditEvents, leadEvents, leads, outbox, proposals } from '#db/schema';
import { PROPOSAL_MESSAGES as M } from '#shared/proposals';
import { mailsSettled } from '#server/platform/mail';
import { tokenHash } from '#server/platform/tokens';
import {
  procedureCallers,
  type Caller,
  type RecordingMailer,
  type TestDeps,
} from '#tests/support/app';
import { storeLeads } from '#tests/support/stored-leads';
import { pdfText } from '#tests/support/pdf-text';
import { failure, issuesOf } from '#tests/support/trpc-errors';

let deps: TestDeps;
let admin: Caller;
let anonymous: Caller;
let leadId: number;

beforeEach(async () => {
  ({ deps, admin, anonymous } = await procedureCallers());
  const [stored] = await storeLeads(deps, 1, { name: 'Ada Client', email: 'ada@client.example' });
  leadId = stored!.lead.id;
});

const items = [
  { description: 'Discovery workshop', quantity: 2, unitAmount: 150_000 },
  { description: 'Prototype', quantity: 1.5, unitAmount: 99_999 },
];

async function draft(extra: Record<string, unknown> = {}) {
  const { proposal } = await admin.proposals.create({
    id: leadId,
    title: 'AI support assistant',
    items,
    deposit: { kind: 'percent', value: 30 },
    ...extra,
  });
  return proposal;
}

describe('drafts', () => {
  it('computes the total and deposit from the items, numbers it and starts from the settings', async () => {
    const proposal = await draft();
    expect(proposal).toMatchObject({
      leadId,
      number: 'P-2026-1',
      version: 1,
      status: 'draft',
      currency: 'EUR',
      // 2 × 150,000 + 1.5 × 99,999 = 449,998.5 → 449,999 (rounded once, on the line).
      total: 449_999,
      depositAmount: 135_000,
      sentAt: null,
      acceptance: null,
      payments: [],
    });
    expect(proposal.terms).toBe((await admin.proposals.settings()).settings.defaultTerms);
    expect((await draft()).number).toBe('P-2026-2');
  });

  it('ignores amounts in the request and refuses a deposit above the total', async () => {
    const proposal = await draft();
    const { proposal: changed } = await admin.proposals.update({
      id: proposal.id,
      items: [{ description: 'One day', quantity: 1, unitAmount: 1000 }],
      deposit: { kind: 'amount', value: 500 },
      ...({ total: 1, depositAmount: 1 } as object),
    });
    expect(changed).toMatchObject({ total: 1000, depositAmount: 500 });
    const above = await failure(
      admin.proposals.update({ id: proposal.id, deposit: { kind: 'amount', value: 5000 } }),
    );
    expect([above.code, above.message]).toEqual(['BAD_REQUEST', M.depositAboveTotal]);
    expect((await admin.proposals.get({ id: proposal.id })).proposal.depositAmount).toBe(500);
  });

  it('refuses bad fields with their own messages', async () => {
    const issues = await issuesOf(
      admin.proposals.create({
        id: leadId,
        title: ' ',
        currency: 'EURO',
        items: [{ description: 'x', quantity: 0.333, unitAmount: -1 }],
        validUntil: '2026-02-30',
      }),
    );
    expect(issues.map((i) => i.message)).toEqual(
      expect.arrayContaining([M.titleRequired, M.currency, M.quantity, M.unitAmount, M.validUntil]),
    );
    expect((await failure(admin.proposals.create({ id: 9999, title: 'x' }))).code).toBe(
      'NOT_FOUND',
    );
  });
});

describe('sending', () => {
  it('mails the lead one link, keeps only its hash, moves the lead and audits', async () => {
    const proposal = await draft();
    const { proposal: sent } = await admin.proposals.send({ id: proposal.id });
    await mailsSettled(deps.mailer);
    expect(sent).toMatchObject({ status: 'sent', validUntil: '2026-02-14' });
    const mail = (deps.mailer as RecordingMailer).sent.at(-1)!;
    expect(mail.to).toBe('ada@client.example');
    expect(mail.subject).toBe('Proposal P-2026-1: AI support assistant');
    const token = /\/p\/([\w-]{43})/.exec(mail.text)![1]!;
    const row = await deps.db.select().from(proposals).where(eq(proposals.id, proposal.id)).get();
    expect(row!.tokenHash).toBe(tokenHash(token));
    const [queued] = await deps.db.select().from(outbox).where(eq(outbox.kind, 'proposal'));
    expect(queued!.message).not.toContain(token);
    const lead = await deps.db.select().from(leads).where(eq(leads.id, leadId)).get();
    expect(lead!.status).toBe('proposal');
    const kinds = (
      await deps.db.select().from(leadEvents).where(eq(leadEvents.leadId, leadId))
    ).map((e) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['proposal_sent', 'status_changed']));
    const audit = await deps.db.select().from(auditEvents);
    expect(audit.map((a) => a.action)).toEqual(['proposal_created', 'proposal_sent']);
  });

  it('refuses to send twice, an empty one, or to change a sent one', async () => {
    const empty = await draft({ items: [] });
    expect((await failure(admin.proposals.send({ id: empty.id }))).message).toBe(M.nothingToSend);
    const proposal = await draft();
    await admin.proposals.send({ id: proposal.id });
    const again = await failure(admin.proposals.send({ id: proposal.id }));
    expect([again.code, again.message]).toEqual(['CONFLICT', M.notSendable]);
    const change = await failure(admin.proposals.update({ id: proposal.id, title: 'New' }));
    expect([change.code, change.message]).toEqual(['CONFLICT', M.notDraft]);
  });

  it('sends once when twenty sends arrive at once', async () => {
    const proposal = await draft();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => admin.proposals.send({ id: proposal.id })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    await mailsSettled(deps.mailer);
    expect(
      (deps.mailer as RecordingMailer).sent.filter((m) => m.subject.startsWith('Proposal')),
    ).toHaveLength(1);
  });
});

describe('revisions and withdrawal', () => {
  it('a revision is a new draft version; once sent the old one reads replaced', async () => {
    const first = await draft();
    await admin.proposals.send({ id: first.id });
    const { proposal: second } = await admin.proposals.revise({ id: first.id });
    expect(second).toMatchObject({
      number: first.number,
      version: 2,
      status: 'draft',
      total: first.total,
    });
    expect((await failure(admin.proposals.revise({ id: first.id }))).message).toBe(
      M.alreadyRevised,
    );
    expect((await admin.proposals.get({ id: first.id })).proposal.status).toBe('sent');
    await admin.proposals.update({ id: second.id, title: 'AI support assistant, smaller' });
    await admin.proposals.send({ id: second.id });
    expect((await admin.proposals.get({ id: first.id })).proposal.status).toBe('replaced');
    const { proposals: ofLead } = await admin.proposals.ofLead({ id: leadId });
    expect(ofLead.map((p) => [p.version, p.status])).toEqual([
      [2, 'sent'],
      [1, 'replaced'],
    ]);
  });

  it('withdraws one that is out, not a draft', async () => {
    const proposal = await draft();
    expect((await failure(admin.proposals.withdraw({ id: proposal.id }))).message).toBe(
      M.notWithdrawable,
    );
    await admin.proposals.send({ id: proposal.id });
    expect((await admin.proposals.withdraw({ id: proposal.id })).proposal.status).toBe('withdrawn');
  });

  it('reads expired past its day, in the list filter too', async () => {
    const proposal = await draft({ validUntil: '2026-01-20' });
    await admin.proposals.send({ id: proposal.id });
    expect((await admin.proposals.list({ status: 'sent' })).total).toBe(1);
    deps.clock.advance(6 * 86_400_000);
    expect((await admin.proposals.get({ id: proposal.id })).proposal.status).toBe('expired');
    expect((await admin.proposals.list({ status: 'sent' })).total).toBe(0);
    const expired = await admin.proposals.list({ status: 'expired' });
    expect(expired.proposals.map((p) => [p.id, p.lead?.name])).toEqual([
      [proposal.id, 'Ada Client'],
    ]);
  });
});

describe('settings and access', () => {
  it('keeps the currency new proposals start in', async () => {
    await admin.proposals.saveSettings({
      currency: 'gbp',
      bankTransferText: 'IBAN GB00',
      priceList: '',
    });
    expect((await admin.proposals.settings()).settings.currency).toBe('GBP');
    expect((await draft()).currency).toBe('GBP');
  });

  it('refuses a signed-out caller', async () => {
    expect((await failure(anonymous.proposals.list({}))).code).toBe('UNAUTHORIZED');
  });
});

describe("a person's data", () => {
  it('holds their proposals in the export without the link, and erasing them removes every trace', async () => {
    const proposal = await draft();
    await admin.proposals.send({ id: proposal.id });
    await mailsSettled(deps.mailer);
    const file = await admin.leads.export({ id: leadId });
    const exported = (await (await file.open()).json()) as { proposals: unknown[] };
    expect(exported.proposals).toEqual([
      expect.objectContaining({ number: 'P-2026-1', status: 'sent', total: 449_999, payments: [] }),
    ]);
    expect(JSON.stringify(exported)).not.toContain('tokenHash');
    await admin.leads.erase({ id: leadId });
    expect(await deps.db.select().from(proposals).all()).toEqual([]);
    expect(await deps.db.select().from(outbox).where(eq(outbox.kind, 'proposal')).all()).toEqual(
      [],
    );
  });
});

describe('the PDF', () => {
  it('is the proposal as the client sees it, named for its number and version', async () => {
    const proposal = await draft();
    await admin.proposals.send({ id: proposal.id });
    const file = await admin.proposals.pdf({ id: proposal.id });
    expect(file.filename).toBe('Proposal P-2026-1 v1.pdf');
    const response = await file.open();
    expect(response.headers.get('Content-Type')).toBe('application/pdf');
    const text = (await pdfText(new Uint8Array(await response.arrayBuffer()))).join('\n');
    expect(text).toContain('P-2026-1');
    expect(text).toContain('AI support assistant');
    expect(text).toContain('€4,499.99');
    expect(text).not.toContain('Certificate of acceptance');
  });
});
