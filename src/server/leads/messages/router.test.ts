import { beforeEach, describe, expect, it } from 'vitest';
import { contacts } from '#db/schema';
import { MESSAGES } from '#shared/messages';
import { procedureCallers, type Caller, type TestDeps } from '#tests/support/app';
import { storeMessages, type MessageFields } from '#tests/support/leads';
import { failure, issuesOf } from '#tests/support/trpc-errors';
import { serializeMessage } from './message-query';

let deps: TestDeps;
let admin: Caller;
let anonymous: Caller;

beforeEach(async () => {
  ({ deps, admin, anonymous } = await procedureCallers());
});

const ids = (page: { messages: { id: number }[] }) => page.messages.map((m) => m.id);

describe('messages procedures signed out', () => {
  it.each([
    ['list', () => anonymous.messages.list({})],
    ['unreadCount', () => anonymous.messages.unreadCount()],
    ['byId', () => anonymous.messages.byId({ id: 1 })],
    ['setRead', () => anonymous.messages.setRead({ id: 1, read: true })],
    ['remove', () => anonymous.messages.remove({ id: 1 })],
  ])('%s is refused with UNAUTHORIZED and changes nothing', async (_name, call) => {
    await storeMessages(deps, 1);
    const error = await failure(call());
    expect([error.code, error.message]).toEqual(['UNAUTHORIZED', 'Please sign in to continue']);
    expect(await deps.db.select().from(contacts).all()).toMatchObject([{ id: 1, readAt: null }]);
  });
});

describe('messages.list paging', () => {
  it('answers an empty first page on a fresh database', async () => {
    expect(await admin.messages.list()).toEqual({
      messages: [],
      total: 0,
      unread: 0,
      page: 1,
      pageSize: 25,
    });
  });

  it('shows exactly 25 on one page, newest first, with the Message shape', async () => {
    const rows = await storeMessages(deps, 25, (i) => ({ company: i === 24 ? 'Acme' : null }));
    const first = await admin.messages.list({ page: 1 });
    expect(ids(first)).toEqual(rows.map((r) => r.id).reverse());
    expect(first.total).toBe(25);
    expect(first.messages[0]).toEqual({
      id: 25,
      name: 'Visitor 25',
      email: 'visitor25@example.com',
      company: 'Acme',
      subject: 'consulting',
      message: 'Message number 25 about a project.',
      createdAt: rows[24]!.createdAt.toISOString(),
      readAt: null,
      leadId: null,
    });
    expect((await admin.messages.list({ page: 2 })).messages).toEqual([]);
  });

  it('puts the 26th (oldest) on page 2', async () => {
    await storeMessages(deps, 26);
    expect(ids(await admin.messages.list({ page: 1 }))).toHaveLength(25);
    expect(await admin.messages.list({ page: '2' })).toMatchObject({
      messages: [{ id: 1 }],
      total: 26,
      page: 2,
    });
  });

  it('answers a page past the end as empty, with the totals', async () => {
    await storeMessages(deps, 3);
    expect(await admin.messages.list({ page: 9 })).toEqual({
      messages: [],
      total: 3,
      unread: 3,
      page: 9,
      pageSize: 25,
    });
  });

  it('takes a blank page as the first', async () => {
    await storeMessages(deps, 1);
    expect(await admin.messages.list({ page: '' })).toMatchObject({ page: 1, total: 1 });
  });

  it.each([0, -1, 1.5, 'abc', '0', '1e3', ' 1'])('refuses the page %j', async (page) => {
    expect(await issuesOf(admin.messages.list({ page }))).toEqual([
      { path: 'page', message: MESSAGES.page },
    ]);
  });
});

describe('messages.list search and filter', () => {
  const people: MessageFields[] = [
    { name: 'Ada Lovelace', email: 'ada@engines.example', subject: 'consulting' },
    { name: 'Charles Babbage', company: 'Difference Engines Ltd', subject: 'custom' },
    { name: 'Grace Hopper', message: 'We need a COMPILER for our\nnew machine.' },
    { name: 'Zoë Café', subject: 'partnership', message: 'Un café crème, s’il vous plaît.' },
    { name: 'Per Cent', message: 'Discount of 100% off_peak please' },
    { name: 'Quote Person', message: 'She said "hello" OR goodbye NEAR here' },
  ];
  beforeEach(async () => {
    await storeMessages(deps, people.length, (i) => people[i]!);
  });

  const search = async (q: string, subject?: 'consulting' | 'custom' | 'partnership' | 'other') => {
    const page = await admin.messages.list({ q, subject });
    expect(page.total).toBe(page.messages.length);
    return page.messages.map((m) => m.name);
  };

  it('matches the name, e-mail, company or text, ignoring case', async () => {
    expect(await search('lovelace')).toEqual(['Ada Lovelace']);
    expect(await search('ADA@ENGINES')).toEqual(['Ada Lovelace']);
    expect(await search('difference engines')).toEqual(['Charles Babbage']);
    expect(await search('compiler for our')).toEqual(['Grace Hopper']);
    expect(await search('engines')).toEqual(['Charles Babbage', 'Ada Lovelace']);
  });

  it('ignores accents both ways and trims the query', async () => {
    expect(await search('  cafe ')).toEqual(['Zoë Café']);
    expect(await search('CRÈME')).toEqual(['Zoë Café']);
  });

  it('takes the query literally: quotes, operators and wildcards are plain text', async () => {
    expect(await search('"hello" OR')).toEqual(['Quote Person']);
    expect(await search('NEAR')).toEqual(['Quote Person']);
    expect(await search('100%')).toEqual(['Per Cent']);
    expect(await search('%')).toEqual(['Per Cent']);
    expect(await search('f_')).toEqual(['Per Cent']);
    expect(await search('nobody at all')).toEqual([]);
  });

  it('finds one- and two-character queries too', async () => {
    expect(await search('Zo')).toEqual(['Zoë Café']);
    expect(await search('q')).toEqual(['Quote Person']);
  });

  it('filters by subject, alone and with a search; blank values do not filter', async () => {
    expect(await search('', 'custom')).toEqual(['Charles Babbage']);
    expect(await search('engines', 'consulting')).toEqual(['Ada Lovelace']);
    expect(await search('engines', 'other')).toEqual([]);
    expect((await admin.messages.list({ q: '', subject: '' })).total).toBe(6);
  });

  it('counts every match, not only the page, and the unread count of the whole inbox', async () => {
    await storeMessages(deps, 30, { name: 'Bulk Sender', subject: 'other' });
    const page = await admin.messages.list({ q: 'bulk', subject: 'other', page: 2 });
    expect([page.total, page.messages.length, page.unread]).toEqual([30, 5, 36]);
  });

  it('refuses an unknown subject and an overlong query', async () => {
    expect(await issuesOf(admin.messages.list({ subject: 'gossip' as 'other' }))).toEqual([
      { path: 'subject', message: 'Subject must be consulting, custom, partnership or other' },
    ]);
    expect(await issuesOf(admin.messages.list({ q: 'x'.repeat(201) }))).toEqual([
      { path: 'q', message: MESSAGES.search },
    ]);
  });

  it('refuses a NUL character in the search, short or long', async () => {
    for (const q of ['\0abc', 'ab\0', '\0']) {
      expect(await issuesOf(admin.messages.list({ q }))).toEqual([
        { path: 'q', message: 'Search must not contain a NUL character' },
      ]);
    }
  });
});

describe('messages.setRead', () => {
  it('marks read with the time, keeps the first time, and marks unread again', async () => {
    await storeMessages(deps, 3);
    deps.clock.advance(5 * 60_000);
    const read = await admin.messages.setRead({ id: 2, read: true });
    expect(read).toMatchObject({ id: 2, readAt: deps.clock.now().toISOString() });
    expect(await admin.messages.unreadCount()).toEqual({ unread: 2 });
    expect((await admin.messages.list()).unread).toBe(2);

    deps.clock.advance(60_000);
    expect((await admin.messages.setRead({ id: '2', read: true })).readAt).toBe(read.readAt);

    const unread = await admin.messages.setRead({ id: 2, read: false });
    expect(unread).toEqual({ ...read, readAt: null });
    expect(await admin.messages.unreadCount()).toEqual({ unread: 3 });
  });

  it('answers NOT_FOUND for an unknown id', async () => {
    const error = await failure(admin.messages.setRead({ id: 99, read: true }));
    expect([error.code, error.message]).toEqual(['NOT_FOUND', 'Message not found']);
  });

  it('refuses a bad id or a read flag that is not a boolean', async () => {
    expect(await issuesOf(admin.messages.setRead({ id: 'abc', read: true }))).toEqual([
      { path: 'id', message: MESSAGES.id },
    ]);
    expect(
      await issuesOf(admin.messages.setRead({ id: 1, read: 'yes' as unknown as boolean })),
    ).toEqual([{ path: 'read', message: MESSAGES.read }]);
  });
});

describe('messages.byId', () => {
  it('answers one message, or NOT_FOUND', async () => {
    const [row] = await storeMessages(deps, 1);
    expect(await admin.messages.byId({ id: 1 })).toEqual(serializeMessage(row!));
    expect((await failure(admin.messages.byId({ id: 2 }))).code).toBe('NOT_FOUND');
  });
});

describe('messages.remove', () => {
  it('deletes the message, which no search finds any more', async () => {
    await storeMessages(deps, 2, (i) => ({ name: `Searchable ${i}` }));
    expect(await admin.messages.remove({ id: 1 })).toEqual({ success: true });
    expect(ids(await admin.messages.list({ q: 'searchable' }))).toEqual([2]);
    expect(await admin.messages.unreadCount()).toEqual({ unread: 1 });
  });

  it('answers NOT_FOUND for an unknown id and deletes nothing', async () => {
    await storeMessages(deps, 1);
    const error = await failure(admin.messages.remove({ id: 2 }));
    expect([error.code, error.message]).toEqual(['NOT_FOUND', 'Message not found']);
    expect((await admin.messages.list()).total).toBe(1);
  });
});
