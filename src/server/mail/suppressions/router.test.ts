/** The suppression list's procedures (docs/mail.md, "Suppression") through createCaller. */
import { beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import { suppressions } from '#db/schema';
import { MESSAGES } from '#shared/messages';
import type { SuppressionReason } from '#shared/outbox';
import { SUPPRESSION_MESSAGES } from '#shared/suppressions';
import { suppressAddress } from '#server/mail/suppressions/suppression';
import { procedureCallers, type Caller, type TestDeps } from '#tests/support/app';
import { auditEntries } from '#tests/support/audit';
import { storeSubscribers } from '#tests/support/leads';
import { failure, issuesOf } from '#tests/support/trpc-errors';

let deps: TestDeps;
let admin: Caller;
let anonymous: Caller;

beforeEach(async () => {
  ({ deps, admin, anonymous } = await procedureCallers());
});

/** Suppresses addresses one second apart on the test clock, as reports would. */
async function suppress(emails: string[], reason: SuppressionReason = 'hard_bounce') {
  for (const email of emails) {
    deps.clock.advance(1000);
    await writeTransaction(deps.db, (tx) =>
      suppressAddress(tx, { email, reason, detail: '5.1.1 user unknown' }, deps.clock.now()),
    );
  }
}

const audit = async () =>
  (await auditEntries(deps.db)).map(({ action, actor, target }) => ({ action, actor, target }));
const stored = () => deps.db.select().from(suppressions).all();
const emails = (page: { suppressions: { email: string }[] }) =>
  page.suppressions.map((s) => s.email);

describe('signed out', () => {
  it.each([
    ['list', () => anonymous.suppressions.list({})],
    ['add', () => anonymous.suppressions.add({ email: 'new@example.com' })],
    ['remove', () => anonymous.suppressions.remove({ email: 'gone@example.com' })],
  ])('%s is refused with UNAUTHORIZED and changes nothing', async (_name, call) => {
    await suppress(['gone@example.com']);
    expect((await failure(call())).code).toBe('UNAUTHORIZED');
    expect((await stored()).map((row) => row.email)).toEqual(['gone@example.com']);
    expect(await audit()).toEqual([]);
  });
});

describe('suppressions.list', () => {
  it('answers an empty first page on a fresh database', async () => {
    expect(await admin.suppressions.list()).toEqual({ suppressions: [], total: 0, page: 1 });
  });

  it('answers each entry with its reason, detail and time, newest first', async () => {
    await suppress(['old@example.com']);
    await suppress(['new@example.com'], 'complaint');
    const { suppressions: entries } = await admin.suppressions.list({});
    expect(entries).toEqual([
      {
        email: 'new@example.com',
        reason: 'complaint',
        detail: '5.1.1 user unknown',
        at: deps.clock.now().toISOString(),
      },
      {
        email: 'old@example.com',
        reason: 'hard_bounce',
        detail: '5.1.1 user unknown',
        at: new Date(deps.clock.now().getTime() - 1000).toISOString(),
      },
    ]);
  });

  it('pages 50 at a time, the 51st (oldest) on page 2; past the end is empty', async () => {
    await suppress(Array.from({ length: 51 }, (_, i) => `reader${i + 1}@example.com`));
    const first = await admin.suppressions.list({ page: 1 });
    expect(first.suppressions).toHaveLength(50);
    expect(first.total).toBe(51);
    expect(first.suppressions[0]?.email).toBe('reader51@example.com');
    expect(emails(await admin.suppressions.list({ page: '2' }))).toEqual(['reader1@example.com']);
    expect(await admin.suppressions.list({ page: 3 })).toEqual({
      suppressions: [],
      total: 51,
      page: 3,
    });
  });

  it('searches part of the address in any letter case, `%` and `_` as themselves', async () => {
    await suppress(['ada@example.com', 'bob@example.org', 'a_b@example.com', 'axb@example.com']);
    const found = await admin.suppressions.list({ q: '  EXAMPLE.ORG ' });
    expect([emails(found), found.total]).toEqual([['bob@example.org'], 1]);
    expect(emails(await admin.suppressions.list({ q: 'a_b' }))).toEqual(['a_b@example.com']);
    expect(emails(await admin.suppressions.list({ q: '%' }))).toEqual([]);
    // Blank is no search.
    expect((await admin.suppressions.list({ q: ' ' })).total).toBe(4);
  });

  it('refuses a search over 200 characters or a page that is not one, naming the field', async () => {
    expect(await issuesOf(admin.suppressions.list({ q: 'x'.repeat(201) }))).toEqual([
      { path: 'q', message: MESSAGES.search },
    ]);
    expect(await issuesOf(admin.suppressions.list({ page: 0 }))).toEqual([
      { path: 'page', message: MESSAGES.page },
    ]);
  });
});

describe('suppressions.add', () => {
  it('adds an address by hand (lower case, reason manual, who added it), audited', async () => {
    const answer = await admin.suppressions.add({ email: '  Ada@Example.COM ' });
    expect(answer).toEqual({
      suppression: {
        email: 'ada@example.com',
        reason: 'manual',
        detail: 'added by admin',
        at: deps.clock.now().toISOString(),
      },
      added: true,
    });
    expect(emails(await admin.suppressions.list())).toEqual(['ada@example.com']);
    // The log names no visitor's address: an address nobody knows by its domain alone.
    expect(await audit()).toEqual([
      { action: 'suppression_added', actor: 'admin', target: 'an address at example.com' },
    ]);
  });

  it('names a subscriber by id in the audit log', async () => {
    const [row] = await storeSubscribers(deps, 1, { email: 'Reader@example.com' });
    await admin.suppressions.add({ email: 'reader@example.com' });
    expect(await audit()).toEqual([
      { action: 'suppression_added', actor: 'admin', target: `subscriber ${row!.id}` },
    ]);
  });

  it('answers an address already there as it is: first reason kept, nothing audited', async () => {
    await suppress(['bounced@example.com']);
    const before = await stored();
    deps.clock.advance(60_000);
    const answer = await admin.suppressions.add({ email: 'BOUNCED@example.com' });
    expect(answer).toEqual({
      suppression: {
        email: 'bounced@example.com',
        reason: 'hard_bounce',
        detail: '5.1.1 user unknown',
        at: before[0]!.at.toISOString(),
      },
      added: false,
    });
    expect(await stored()).toEqual(before);
    expect(await audit()).toEqual([]);
  });

  it.each(['nope', '', 'a@b@example.com', `${'x'.repeat(250)}@example.com`])(
    'refuses %j naming `email`, and stores nothing',
    async (email) => {
      expect(await issuesOf(admin.suppressions.add({ email }))).toEqual([
        { path: 'email', message: MESSAGES.email },
      ]);
      expect(await stored()).toEqual([]);
      expect(await audit()).toEqual([]);
    },
  );
});

describe('suppressions.remove', () => {
  it('takes an address off in any letter case, audited; then it is gone', async () => {
    await suppress(['ada@example.com', 'bob@example.com']);
    expect(await admin.suppressions.remove({ email: ' ADA@example.com' })).toEqual({
      success: true,
    });
    expect(emails(await admin.suppressions.list())).toEqual(['bob@example.com']);
    expect(await audit()).toEqual([
      { action: 'suppression_removed', actor: 'admin', target: 'an address at example.com' },
    ]);
  });

  it('answers 404 for an address not on the list, changing nothing', async () => {
    await suppress(['ada@example.com']);
    const error = await failure(admin.suppressions.remove({ email: 'bob@example.com' }));
    expect([error.code, error.message]).toEqual(['NOT_FOUND', SUPPRESSION_MESSAGES.notFound]);
    expect(await stored()).toHaveLength(1);
    expect(await audit()).toEqual([]);
  });

  it('removes an entry a report wrote whatever its form, since the form cannot add one', async () => {
    await suppress(['"odd local"@example.com']);
    await admin.suppressions.remove({ email: '"odd local"@example.com' });
    expect(await stored()).toEqual([]);
  });

  it('refuses a blank or over-long address naming `email`', async () => {
    for (const email of [' ', 'x'.repeat(255)]) {
      expect(await issuesOf(admin.suppressions.remove({ email }))).toEqual([
        { path: 'email', message: MESSAGES.email },
      ]);
    }
  });
});
