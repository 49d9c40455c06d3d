import { beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import { leadDrafts } from '#db/schema';
import { LEAD_DRAFT_LIMITS, LEAD_DRAFT_MESSAGES } from '#shared/lead-drafts';
import { LEAD_MESSAGES } from '#shared/lead-pipeline';
import { procedureCallers, type Caller, type TestDeps } from '#tests/support/app';
import { auditEntries } from '#tests/support/audit';
import { storeLeads } from '#tests/support/stored-leads';
import { failure, issuesOf } from '#tests/support/trpc-errors';
import { saveLeadDraft } from './drafts';

let deps: TestDeps;
let admin: Caller;

beforeEach(async () => {
  ({ deps, admin } = await procedureCallers());
  await storeLeads(deps, 2);
});

const save = (fields: Partial<Parameters<typeof saveLeadDraft>[1]> = {}) =>
  writeTransaction(deps.db, (tx) =>
    saveLeadDraft(tx, {
      leadId: 1,
      subject: 'Re: Your project',
      text: 'Hello,\n\nThanks for writing.',
      by: 'Ana Admin via Claude',
      at: deps.clock.now(),
      ...fields,
    }),
  );

describe('saveLeadDraft', () => {
  it('keeps the draft and answers it; GET /api/leads/:id lists them newest first', async () => {
    const first = await save();
    expect(first).toEqual({
      id: 1,
      subject: 'Re: Your project',
      text: 'Hello,\n\nThanks for writing.',
      by: 'Ana Admin via Claude',
      at: deps.clock.now().toISOString(),
    });
    deps.clock.advance(1000);
    // A client names itself: its name is one line on the screen, whatever it sent.
    const second = await save({ subject: '  Second  ', by: 'Ana via\nEvil\u2028Client' });
    expect(second).toMatchObject({ subject: 'Second', by: 'Ana via Evil Client' });
    expect((await admin.leads.get({ id: 1 })).drafts).toEqual([second, first]);
    expect((await admin.leads.get({ id: 2 })).drafts).toEqual([]);
  });

  it('refuses a bad subject or text with 400 naming the field, and an unknown lead with 404', async () => {
    expect(await issuesOf(save({ subject: 'Two\nlines', text: ' ' }))).toEqual([
      { path: 'subject', message: LEAD_MESSAGES.subjectOneLine },
      { path: 'text', message: LEAD_DRAFT_MESSAGES.textRequired },
    ]);
    expect(
      await issuesOf(save({ subject: '', text: 'x'.repeat(LEAD_DRAFT_LIMITS.textMax + 1) })),
    ).toEqual([
      { path: 'subject', message: LEAD_MESSAGES.subjectRequired },
      { path: 'text', message: LEAD_DRAFT_MESSAGES.textMax },
    ]);
    const unknown = await failure(save({ leadId: 99 }));
    expect([unknown.code, unknown.message]).toEqual(['NOT_FOUND', LEAD_MESSAGES.notFound]);
    expect(await deps.db.select().from(leadDrafts).all()).toEqual([]);
  });

  it('keeps at most 20 a lead, also when writes come at once; then 409', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: LEAD_DRAFT_LIMITS.perLead + 5 }, (_, n) => save({ text: `Draft ${n}` })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(LEAD_DRAFT_LIMITS.perLead);
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(refused.map((e: { code: string; message: string }) => [e.code, e.message])).toEqual(
      Array(5).fill(['CONFLICT', LEAD_DRAFT_MESSAGES.tooMany]),
    );
    expect((await admin.leads.get({ id: 1 })).drafts).toHaveLength(LEAD_DRAFT_LIMITS.perLead);
    // Another lead has its own 20.
    expect(await save({ leadId: 2 })).toMatchObject({ id: LEAD_DRAFT_LIMITS.perLead + 1 });
  });
});

describe('leads.dismissDraft', () => {
  it("removes one draft of that lead, audited; another lead's or a gone one is 404", async () => {
    const kept = await save();
    const dismissed = await save();
    const other = await save({ leadId: 2 });
    expect(await admin.leads.dismissDraft({ id: 1, draftId: dismissed.id })).toEqual({
      success: true,
    });
    expect((await admin.leads.get({ id: 1 })).drafts).toEqual([kept]);
    for (const call of [
      admin.leads.dismissDraft({ id: 1, draftId: dismissed.id }),
      admin.leads.dismissDraft({ id: 1, draftId: other.id }),
    ]) {
      const error = await failure(call);
      expect([error.code, error.message]).toEqual(['NOT_FOUND', LEAD_DRAFT_MESSAGES.notFound]);
    }
    expect((await auditEntries(deps.db)).map((e) => [e.action, e.target])).toEqual([
      ['lead_draft_dismissed', `lead 1: draft ${dismissed.id}`],
    ]);
  });
});

describe('a reply sent from a draft', () => {
  it('takes the draft off the lead in the reply’s own write; another lead’s draft stays', async () => {
    const kept = await save();
    const used = await save();
    const other = await save({ leadId: 2 });
    await admin.leads.reply({ id: 1, text: used.text, subject: used.subject, draftId: used.id });
    expect((await admin.leads.get({ id: 1 })).drafts).toEqual([kept]);
    // A draft id of another lead removes nothing there (the reply still goes).
    await admin.leads.reply({ id: 1, text: 'Hello again', draftId: other.id });
    expect((await admin.leads.get({ id: 2 })).drafts).toEqual([other]);
    expect(
      (await admin.leads.get({ id: 1 })).timeline.filter((e) => e.kind === 'reply_sent'),
    ).toHaveLength(2);
  });
});
