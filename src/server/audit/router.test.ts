import { beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import { auditActionValues, AUDIT_FILTER_MESSAGES } from '#shared/audit';
import {
  callerFor,
  createTestDeps,
  signedInCookie,
  type Caller,
  type TestDeps,
} from '#tests/support/app';
import { auditEntries } from '#tests/support/audit';
import { storeMessages, storeSubscribers } from '#tests/support/leads';
import { storeSubscribersAs } from '#tests/support/newsletters';
import { storeLeads } from '#tests/support/stored-leads';
import { failure, issuesOf } from '#tests/support/trpc-errors';
import { addUser, removeUser, setEmail, setPassword } from '#server/identity/users/manage-users';
import { auditInsert } from '#server/audit/record';

let deps: TestDeps;
let admin: Caller;

beforeEach(async () => {
  deps = await createTestDeps();
  admin = callerFor(deps, {
    cookie: await signedInCookie(deps, 'admin'),
    ip: '2001:db8:1:2::9',
  }).caller;
});

/** `n` entries written straight into the table, alternating two actors and two actions. */
async function storeEntries(n: number) {
  await writeTransaction(deps.db, async (tx) => {
    for (let i = 1; i <= n; i++) {
      await auditInsert(tx, deps.clock.now(), {
        action: i % 2 ? 'sign_in' : 'fact_created',
        actor: { id: 1, username: i % 3 ? 'alice' : 'bob' },
        target: `entry ${i}`,
        ip: '203.0.113.9',
      });
    }
  });
}

describe('audit.list', () => {
  it('answers 50 a page, newest first, with the total', async () => {
    await storeEntries(120);
    const first = await admin.audit.list({});
    expect(first).toMatchObject({ total: 120, page: 1, pageSize: 50 });
    expect(first.events).toHaveLength(50);
    expect(first.events[0]).toEqual({
      id: 120,
      at: '2026-01-15T10:00:00.000Z',
      actor: 'bob',
      action: 'fact_created',
      target: 'entry 120',
      address: '203.0.113.x',
      via: null,
      subject: null,
      link: null,
    });
    const third = await admin.audit.list({ page: '3' });
    expect(third.events.map((e) => e.id)).toEqual(Array.from({ length: 20 }, (_, i) => 20 - i));
    expect((await admin.audit.list({ page: 4 })).events).toEqual([]);
  });

  it('lists newest first in the order of the times, even when the clocks of changes disagree', async () => {
    // Each reading of the clock is a second earlier than the one before: as if each change
    // were committed by an instance whose clock lags (or the commits came in another order
    // than the readings).
    let readings = 0;
    const start = deps.clock.now().getTime();
    const lagging = { ...deps.clock, now: () => new Date(start - 1000 * readings++) };
    const caller = callerFor(
      { ...deps, clock: lagging },
      { cookie: await signedInCookie(deps, 'admin') },
    ).caller;
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        caller.facts.create({ factText: `Fact number ${i + 1}`, source: 'A source' }),
      ),
    );
    const { events } = await admin.audit.list({});
    expect(events.filter((e) => e.action === 'fact_created')).toHaveLength(20);
    const times = events.map((e) => Date.parse(e.at));
    // Newest first: the times never go up.
    expect(times.slice(1).filter((at, i) => at > times[i]!)).toEqual([]);
  });

  it('filters by action and by person, together', async () => {
    await storeEntries(12);
    const signIns = await admin.audit.list({ action: 'sign_in' });
    expect(signIns.total).toBe(6);
    expect(signIns.events.every((e) => e.action === 'sign_in')).toBe(true);
    const bobs = await admin.audit.list({ actor: 'bob', action: 'fact_created' });
    expect(bobs.events.map((e) => e.id)).toEqual([12, 6]);
    expect(bobs.total).toBe(2);
    // Blank means no filter, as a query string sends it.
    expect((await admin.audit.list({ action: '', actor: '' })).total).toBe(12);
  });

  it('refuses an unknown action with 400', async () => {
    expect(
      await issuesOf(admin.audit.list({ action: 'drop_tables' as (typeof auditActionValues)[0] })),
    ).toEqual([{ path: 'action', message: AUDIT_FILTER_MESSAGES.action }]);
  });

  it('is for signed-in administrators only', async () => {
    const anonymous = callerFor(deps).caller;
    expect((await failure(anonymous.audit.list({}))).code).toBe('UNAUTHORIZED');
    expect((await failure(anonymous.audit.actors())).code).toBe('UNAUTHORIZED');
  });
});

describe('audit.actors', () => {
  it('lists each name once, sorted, without the entries of nobody', async () => {
    await storeEntries(4);
    await writeTransaction(deps.db, (tx) =>
      auditInsert(tx, deps.clock.now(), { action: 'sign_in_failed', actor: null, ip: null }),
    );
    expect(await admin.audit.actors()).toEqual({ actors: ['alice', 'bob'] });
  });
});

describe('the entries each change writes', () => {
  it('records the facts, tags, messages, subscribers and newsletters with who and where', async () => {
    const fact = await admin.facts.create({ factText: 'A fact for the log', source: 'A source' });
    await admin.facts.update({ id: fact.id, data: { source: 'Another source' } });
    await admin.facts.update({ id: fact.id, data: {} }); // no change, no entry
    const tag = await admin.tags.create({ name: 'Robotics' });
    await admin.facts.addTag({ factId: fact.id, tagId: tag.id });
    await admin.facts.addTag({ factId: fact.id, tagId: tag.id }); // already there
    await admin.facts.removeTag({ factId: fact.id, tagId: tag.id });
    await admin.facts.remove({ id: fact.id });
    const [message] = await storeMessages(deps, 1);
    await admin.messages.remove({ id: message!.id });
    const [subscriber] = await storeSubscribers(deps, 1);
    await admin.subscribers.remove({ id: subscriber!.id });
    await storeSubscribersAs(deps, 'confirmed', ['reader@example.com']);
    const newsletter = await admin.newsletters.create({ subject: 'News', body: 'Hello' });
    await admin.newsletters.send({ id: newsletter.id });

    const entries = await auditEntries(deps.db);
    const words = '“A fact for the log”';
    expect(entries.map((e) => [e.action, e.target, e.subject])).toEqual([
      ['fact_created', `fact ${fact.id}`, words],
      ['fact_updated', `fact ${fact.id}`, words],
      ['fact_updated', `fact ${fact.id}`, words],
      ['fact_updated', `fact ${fact.id}`, words],
      ['fact_deleted', `fact ${fact.id}`, words],
      ['message_deleted', `message ${message!.id}`, null],
      ['subscriber_removed', `subscriber ${subscriber!.id}`, null],
      ['newsletter_sent', `newsletter ${newsletter.id}`, '“News”'],
    ]);
    expect(new Set(entries.map((e) => `${e.actor} ${e.address}`))).toEqual(
      new Set(['admin 2001:db8:1:2::/64']),
    );
    // The visitors' personal data stays out of the log.
    expect(JSON.stringify(entries)).not.toMatch(/@example\.com|Visitor/);
  });

  it('writes nothing for a refused change', async () => {
    await failure(admin.facts.remove({ id: 999 }));
    await failure(admin.messages.remove({ id: 999 }));
    expect(await auditEntries(deps.db)).toEqual([]);
  });

  it('records the command line with no actor and no address, and never a password', async () => {
    const password = 'a command-line password';
    await addUser(deps.db, { username: 'cli-user', password }, deps.clock.now());
    await setPassword(deps.db, 'cli-user', `${password} 2`);
    await setEmail(deps.db, 'cli-user', 'cli@example.com');
    await removeUser(deps.db, 'cli-user');
    const entries = await auditEntries(deps.db);
    expect(entries.map((e) => [e.action, e.actor, e.target, e.address])).toEqual([
      ['user_joined', null, 'cli-user', null],
      ['password_changed', null, 'cli-user', null],
      ['email_changed', null, 'cli-user', null],
      ['user_removed', null, 'cli-user', null],
    ]);
    expect(JSON.stringify(entries)).not.toContain(password);
  });
});

describe('what an entry concerns', () => {
  const concerning = async () =>
    (await admin.audit.list({})).events.map((e) => [e.action, e.subject, e.link]);

  it('names a fact by its first words, kept after it is deleted, linked only while it exists', async () => {
    const fact = await admin.facts.create({
      factText:
        'Alan Turing proposed the imitation game in 1950, asking whether machines can think, and it became known as the Turing test.',
      source: 'https://example.org/turing',
    });
    await admin.facts.update({ id: fact.id, data: { active: false } });
    const words = '“Alan Turing proposed the imitation game in 1950, asking whether machines can…”';
    expect(await concerning()).toEqual([
      ['fact_updated', words, `/admin/ai-fact-edit/${fact.id}`],
      ['fact_created', words, `/admin/ai-fact-edit/${fact.id}`],
    ]);
    await admin.facts.remove({ id: fact.id });
    expect(await concerning()).toEqual([
      ['fact_deleted', words, null],
      ['fact_updated', words, null],
      ['fact_created', words, null],
    ]);
    // The existing field is kept as it was.
    expect((await admin.audit.list({})).events[0]!.target).toBe(`fact ${fact.id}`);
  });

  it('names a lead by its current name, and keeps no name once the lead is erased', async () => {
    await storeLeads(deps, 1, () => ({ name: 'Grace Hopper' }));
    await admin.leads.addNote({ id: 1, text: 'Call back.' });
    expect(await concerning()).toEqual([['lead_note_added', 'Grace Hopper', '/admin/leads/1']]);
    await admin.leads.erase({ id: 1 });
    expect(await concerning()).toEqual([
      ['lead_erased', 'an erased lead', null],
      ['lead_note_added', 'an erased lead', null],
    ]);
    expect(JSON.stringify(await admin.audit.list({}))).not.toContain('Grace');
  });
});
