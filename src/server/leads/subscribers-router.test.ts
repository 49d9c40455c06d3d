import { beforeEach, describe, expect, it } from 'vitest';
import { subscribers } from '../../../db/schema';
import { MESSAGES } from '../../shared/messages';
import { procedureCallers, type Caller, type TestDeps } from '../../../tests/support/app';
import { storeSubscribers } from '../../../tests/support/leads';
import { failure, issuesOf } from '../../../tests/support/trpc-errors';

let deps: TestDeps;
let admin: Caller;
let anonymous: Caller;

beforeEach(async () => {
  ({ deps, admin, anonymous } = await procedureCallers());
});

const emails = (page: { subscribers: { email: string }[] }) => page.subscribers.map((s) => s.email);

describe('subscribers procedures signed out', () => {
  it.each([
    ['list', () => anonymous.subscribers.list({})],
    ['remove', () => anonymous.subscribers.remove({ id: 1 })],
  ])('%s is refused with UNAUTHORIZED and changes nothing', async (_name, call) => {
    await storeSubscribers(deps, 1);
    expect((await failure(call())).code).toBe('UNAUTHORIZED');
    expect(await deps.db.select().from(subscribers).all()).toHaveLength(1);
  });
});

describe('subscribers.list', () => {
  it('answers an empty first page on a fresh database', async () => {
    expect(await admin.subscribers.list()).toEqual({
      subscribers: [],
      total: 0,
      page: 1,
      pageSize: 50,
    });
  });

  it('shows exactly 50 on one page, newest first, with address and date', async () => {
    const rows = await storeSubscribers(deps, 50);
    const first = await admin.subscribers.list({ page: 1 });
    expect(first.subscribers).toHaveLength(50);
    expect(first.subscribers[0]).toEqual({
      id: 50,
      email: 'reader50@example.com',
      createdAt: rows[49]!.createdAt.toISOString(),
    });
    expect(first.subscribers.at(-1)?.email).toBe('reader1@example.com');
    expect((await admin.subscribers.list({ page: 2 })).subscribers).toEqual([]);
  });

  it('puts the 51st (oldest) on page 2 and answers a page past the end as empty', async () => {
    await storeSubscribers(deps, 51);
    expect(emails(await admin.subscribers.list({ page: '2' }))).toEqual(['reader1@example.com']);
    expect(await admin.subscribers.list({ page: 3 })).toEqual({
      subscribers: [],
      total: 51,
      page: 3,
      pageSize: 50,
    });
  });

  it('refuses a bad page', async () => {
    expect(await issuesOf(admin.subscribers.list({ page: 'abc' }))).toEqual([
      { path: 'page', message: MESSAGES.page },
    ]);
  });
});

describe('subscribers.remove', () => {
  it('removes the address', async () => {
    await storeSubscribers(deps, 2);
    expect(await admin.subscribers.remove({ id: 1 })).toEqual({ success: true });
    expect(await admin.subscribers.list()).toMatchObject({
      subscribers: [{ email: 'reader2@example.com' }],
      total: 1,
    });
  });

  it('answers NOT_FOUND for an unknown id', async () => {
    const error = await failure(admin.subscribers.remove({ id: 7 }));
    expect([error.code, error.message]).toEqual(['NOT_FOUND', 'Subscriber not found']);
  });
});
