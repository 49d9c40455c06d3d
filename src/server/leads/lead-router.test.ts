/**
 * The leads' procedures (docs/leads.md): lists, searches, a lead's timeline, changes, notes,
 * the attention lists, and what a signed-out caller is refused. Status changes sent at once and
 * the erasure's one write are in lead-writes.test.ts, on both drivers.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import { contacts, leadEvents, leads } from '#db/schema';
import { LEAD_MESSAGES, type LeadPatch } from '#shared/lead-pipeline';
import { adminCaller, procedureCallers, type Caller, type TestDeps } from '#tests/support/app';
import { auditEntries } from '#tests/support/audit';
import { storeLeads, type StoredLeadFields } from '#tests/support/stored-leads';
import { failure, issuesOf } from '#tests/support/trpc-errors';
import { suppressAddress } from '#server/mail/suppressions/suppression';
import { startOfDayIn } from './follow-up';

let deps: TestDeps;
let admin: Caller;
let anonymous: Caller;

beforeEach(async () => {
  ({ deps, admin, anonymous } = await procedureCallers());
});

const ids = (page: { leads: { id: number }[] }) => page.leads.map((l) => l.id);
const noCounts = { new: 0, replied: 0, meeting: 0, proposal: 0, won: 0, lost: 0 };

describe('leads.list', () => {
  it('answers an empty first page on a fresh database', async () => {
    expect(await admin.leads.list()).toEqual({
      leads: [],
      total: 0,
      counts: noCounts,
      page: 1,
      pageSize: 25,
    });
  });

  it('pages 25 at a time, latest activity first, with the Lead shape and its unread', async () => {
    const stored = await storeLeads(deps, 26, (i) => ({
      company: i === 25 ? 'Acme' : null,
      messages: i === 25 ? ['First', 'Second'] : undefined,
    }));
    const first = await admin.leads.list();
    expect(ids(first)).toEqual(
      stored
        .slice(1)
        .map((s) => s.lead.id)
        .reverse(),
    );
    expect(first).toMatchObject({ total: 26, counts: { ...noCounts, new: 26 } });
    const latest = stored[25]!;
    expect(first.leads[0]).toEqual({
      id: latest.lead.id,
      email: 'person26@example.com',
      name: 'Person 26',
      company: 'Acme',
      status: 'new',
      value: null,
      lostReason: null,
      source: 'Direct',
      createdAt: latest.lead.createdAt.toISOString(),
      lastActivityAt: latest.messages[1]!.createdAt.toISOString(),
      firstReplyAt: null,
      followUpAt: null,
      unread: 2,
      triage: null,
      buyer: null,
    });
    expect(ids(await admin.leads.list({ page: 2 }))).toEqual([stored[0]!.lead.id]);
  });

  it('filters by status; counts are of every status, total of the filter', async () => {
    await storeLeads(deps, 5, (i) => ({ status: i < 2 ? 'won' : 'new' }));
    const won = await admin.leads.list({ status: 'won' });
    expect(ids(won)).toEqual([2, 1]);
    expect(won).toMatchObject({ total: 2, counts: { ...noCounts, new: 3, won: 2 } });
  });

  it('finds leads by name, e-mail, company and the text of their messages', async () => {
    await storeLeads(
      deps,
      5,
      (i) =>
        [
          { name: 'Ada Lovelace' },
          { email: 'grace@navy.example' },
          { company: 'Analytical Engines' },
          { messages: ['Hello', 'We need a data platform, soon.'] },
          {},
        ][i]!,
    );
    expect(ids(await admin.leads.list({ q: 'lovelace' }))).toEqual([1]);
    expect(ids(await admin.leads.list({ q: 'NAVY' }))).toEqual([2]);
    expect(ids(await admin.leads.list({ q: 'engines' }))).toEqual([3]);
    expect(ids(await admin.leads.list({ q: 'data platform' }))).toEqual([4]);
    // Two characters: too short for the trigram index, still found by a scan.
    expect(ids(await admin.leads.list({ q: 'oo' }))).toEqual([4]);
    expect(await admin.leads.list({ q: 'nobody-has-this' })).toMatchObject({
      leads: [],
      total: 0,
      counts: noCounts,
    });
  });

  it('counts a search per status, whatever the status filter', async () => {
    await storeLeads(deps, 4, (i) => ({
      status: i % 2 ? 'won' : 'new',
      messages: [i < 3 ? 'About machine learning' : 'Unrelated'],
    }));
    const page = await admin.leads.list({ q: 'machine', status: 'won' });
    expect(ids(page)).toEqual([2]);
    expect(page).toMatchObject({ total: 1, counts: { ...noCounts, new: 2, won: 1 } });
  });
});

describe('leads.get', () => {
  it('answers the lead and its timeline oldest first, with each message its text', async () => {
    const [stored] = await storeLeads(deps, 1, { messages: ['One', 'Two'] });
    const { lead, timeline } = await admin.leads.get({ id: stored!.lead.id });
    expect(lead).toMatchObject({ id: stored!.lead.id, unread: 0 });
    expect(timeline).toEqual(
      stored!.messages.map((m, n) => ({
        id: n + 1,
        at: m.createdAt.toISOString(),
        kind: 'message',
        actor: null,
        text: m.message,
        messageId: m.id,
      })),
    );
  });

  it('marks its messages and answers read, and leaves other leads unread', async () => {
    const [one, other] = await storeLeads(deps, 2);
    await writeTransaction(deps.db, (tx) =>
      tx.insert(leadEvents).values({
        leadId: one!.lead.id,
        at: deps.clock.now(),
        kind: 'reply_received',
        actor: 'person1@example.com',
        text: 'Thanks!',
      }),
    );
    expect((await admin.leads.list()).leads.map((l) => l.unread)).toEqual([1, 2]);
    deps.clock.advance(5000);
    await admin.leads.get({ id: one!.lead.id });
    expect((await admin.leads.list()).leads.map((l) => l.unread)).toEqual([1, 0]);
    expect(await admin.messages.unreadCount()).toEqual({ unread: 1 });
    const read = await deps.db.select().from(contacts).all();
    expect(read.map((c) => c.readAt)).toEqual([deps.clock.now(), null]);
    expect(other!.lead.id).toBe(2);
  });

  it('answers `suppressed` (reason and time) when the address is on the suppression list', async () => {
    const [stored] = await storeLeads(deps, 1);
    const id = stored!.lead.id;
    expect((await admin.leads.get({ id })).suppressed).toBeNull();
    await writeTransaction(deps.db, (tx) =>
      suppressAddress(
        tx,
        { email: stored!.lead.email.toUpperCase(), reason: 'hard_bounce', detail: '5.1.1' },
        deps.clock.now(),
      ),
    );
    expect((await admin.leads.get({ id })).suppressed).toEqual({
      reason: 'hard_bounce',
      at: deps.clock.now().toISOString(),
    });
  });

  it('answers 404 for a lead that does not exist', async () => {
    const error = await failure(admin.leads.get({ id: 9 }));
    expect([error.code, error.message]).toEqual(['NOT_FOUND', LEAD_MESSAGES.notFound]);
  });
});

describe('leads procedures signed out', () => {
  it.each([
    ['list', () => anonymous.leads.list({})],
    ['get', () => anonymous.leads.get({ id: 1 })],
  ])('%s is refused with UNAUTHORIZED and marks nothing read', async (_name, call) => {
    await storeLeads(deps, 1);
    const error = await failure(call());
    expect([error.code, error.message]).toEqual(['UNAUTHORIZED', 'Please sign in to continue']);
    expect(await deps.db.select().from(contacts).all()).toMatchObject([{ readAt: null }]);
  });
});

describe('leads.update', () => {
  it('changes the status with a status_changed entry naming who, an audit entry and activity', async () => {
    const [stored] = await storeLeads(deps, 1);
    deps.clock.advance(60_000);
    const lead = await admin.leads.update({ id: 1, data: { status: 'meeting' } });
    expect(lead).toMatchObject({
      status: 'meeting',
      lastActivityAt: deps.clock.now().toISOString(),
    });
    const { timeline } = await admin.leads.get({ id: 1 });
    expect(timeline.at(-1)).toEqual({
      id: 2,
      at: deps.clock.now().toISOString(),
      kind: 'status_changed',
      actor: 'admin',
      text: null,
      status: 'meeting',
      from: 'new',
    });
    expect((await auditEntries(deps.db)).map((e) => [e.action, e.actor, e.target])).toEqual([
      ['lead_status_changed', 'admin', 'lead 1: new to meeting'],
    ]);
    expect(stored!.lead.status).toBe('new');
  });

  it('sets value, reason and follow-up without an entry; null clears them', async () => {
    await storeLeads(deps, 1);
    const before = (await admin.leads.get({ id: 1 })).lead;
    expect(
      await admin.leads.update({
        id: 1,
        data: { value: 12_000, lostReason: ' Budget ', followUpAt: '2026-02-01' },
      }),
    ).toEqual({
      ...before,
      value: 12_000,
      lostReason: 'Budget',
      // The start of that day in SITE_TIMEZONE.
      followUpAt: startOfDayIn('2026-02-01', deps.config.siteTimezone).toISOString(),
    });
    expect(
      await admin.leads.update({
        id: 1,
        data: { value: null, lostReason: null, followUpAt: null },
      }),
    ).toEqual(before);
    expect((await admin.leads.get({ id: 1 })).timeline.map((e) => e.kind)).toEqual(['message']);
    expect(await auditEntries(deps.db)).toEqual([]);
  });

  it.each([
    [{ value: 1.5 }, 'data.value', LEAD_MESSAGES.value],
    [{ value: -1 }, 'data.value', LEAD_MESSAGES.value],
    [{ value: 1_000_000_001 }, 'data.value', LEAD_MESSAGES.value],
    [{ lostReason: 'x'.repeat(501) }, 'data.lostReason', LEAD_MESSAGES.lostReason],
    [{ status: 'archived' }, 'data.status', LEAD_MESSAGES.status],
    [{ followUpAt: 'tomorrow' }, 'data.followUpAt', LEAD_MESSAGES.followUpAt],
  ])('refuses %j with its issue and changes nothing', async (data, path, message) => {
    await storeLeads(deps, 1);
    const before = await deps.db.select().from(leads).all();
    // Input the types would refuse, as a client might send it.
    const patch = { status: 'won', ...data } as unknown as LeadPatch;
    expect(await issuesOf(admin.leads.update({ id: 1, data: patch }))).toEqual([{ path, message }]);
    expect(await deps.db.select().from(leads).all()).toEqual(before);
  });

  it('answers 404 for a lead that does not exist', async () => {
    const error = await failure(admin.leads.update({ id: 5, data: { status: 'won' } }));
    expect([error.code, error.message]).toEqual(['NOT_FOUND', LEAD_MESSAGES.notFound]);
    expect(await auditEntries(deps.db)).toEqual([]);
  });
});

describe('leads.addNote', () => {
  it('adds a private note naming who wrote it, audited, as activity', async () => {
    await storeLeads(deps, 2);
    deps.clock.advance(1000);
    const event = await admin.leads.addNote({ id: 1, text: '  Call back after the budget.  ' });
    expect(event).toEqual({
      id: 3,
      at: deps.clock.now().toISOString(),
      kind: 'note',
      actor: 'admin',
      text: 'Call back after the budget.',
    });
    expect(ids(await admin.leads.list())).toEqual([1, 2]);
    expect((await auditEntries(deps.db)).map((e) => [e.action, e.target])).toEqual([
      ['lead_note_added', 'lead 1'],
    ]);
  });

  it.each([
    ['', LEAD_MESSAGES.noteRequired],
    ['   ', LEAD_MESSAGES.noteRequired],
    ['x'.repeat(5001), LEAD_MESSAGES.noteMax],
  ])('refuses %j and changes nothing', async (text, message) => {
    await storeLeads(deps, 1);
    expect(await issuesOf(admin.leads.addNote({ id: 1, text }))).toEqual([
      { path: 'text', message },
    ]);
    expect(await deps.db.select().from(leadEvents).all()).toHaveLength(1);
  });

  it('answers 404 for a lead that does not exist', async () => {
    const error = await failure(admin.leads.addNote({ id: 3, text: 'Hi' }));
    expect(error.code).toBe('NOT_FOUND');
    expect(await deps.db.select().from(leadEvents).all()).toEqual([]);
  });
});

describe('leads.attention', () => {
  it('lists new leads oldest first, follow-ups that have come, and quiet active leads', async () => {
    const day = 24 * 60 * 60 * 1000;
    const now = deps.clock.now().getTime();
    await storeLeads(
      deps,
      6,
      (i) =>
        [
          { status: 'replied' },
          { status: 'proposal', followUpAt: new Date(now + 1000) },
          { status: 'new' },
          { status: 'won', followUpAt: new Date(now + 30 * day) },
          { status: 'meeting' },
          { status: 'new' },
        ][i] as StoredLeadFields,
    );
    deps.clock.advance(14 * day);
    // A session of today's (the first one has expired meanwhile).
    admin = await adminCaller(deps);
    // Lead 5 was active a moment ago; 1 and 2 have been quiet for 14 days.
    await admin.leads.addNote({ id: 5, text: 'Still talking.' });
    expect(await admin.leads.attention()).toMatchObject({
      unanswered: [{ id: 3 }, { id: 6 }],
      followUps: [{ id: 2 }],
      stale: [{ id: 1 }, { id: 2 }],
    });
  });

  it('shows at most 50 of each', async () => {
    await storeLeads(deps, 51, { status: 'new' });
    const { unanswered } = await admin.leads.attention();
    expect(unanswered.map((l) => l.id)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });
});

describe('leads procedures signed out change nothing', () => {
  it.each([
    ['update', () => anonymous.leads.update({ id: 1, data: { status: 'won' } })],
    ['addNote', () => anonymous.leads.addNote({ id: 1, text: 'x' })],
    ['attention', () => anonymous.leads.attention()],
    ['export', () => anonymous.leads.export({ id: 1 })],
    ['erase', () => anonymous.leads.erase({ id: 1 })],
  ])('%s is refused with UNAUTHORIZED', async (_name, call) => {
    await storeLeads(deps, 1);
    const before = await deps.db.select().from(leads).all();
    expect((await failure(call())).code).toBe('UNAUTHORIZED');
    expect(await deps.db.select().from(leads).all()).toEqual(before);
    expect(await deps.db.select().from(leadEvents).all()).toHaveLength(1);
    expect(await auditEntries(deps.db)).toEqual([]);
  });
});
