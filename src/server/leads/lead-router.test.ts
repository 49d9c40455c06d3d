import { beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import { contacts, leadEvents } from '#db/schema';
import { LEAD_MESSAGES } from '#shared/lead-pipeline';
import { procedureCallers, type Caller, type TestDeps } from '#tests/support/app';
import { storeLeads } from '#tests/support/stored-leads';
import { failure } from '#tests/support/trpc-errors';

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
