/**
 * Numbers and credits at once on two instances sharing one database (two connections to the
 * file, or two clients of one libSQL server: `server-sqld`), docs/invoices.md, "Numbers": 20
 * drafts issued together get 1 to 20 with no gap and none twice, and a restart goes on from
 * there; one draft issued 10 times together gets one number; credits sent together never
 * credit more than the invoice.
 */
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type Db, type DatabaseTarget } from '#db';
import { auditEvents, invoices } from '#db/schema';
import { adminCaller, createTestDeps, type Caller } from '#tests/support/app';
import { openTestDatabase } from '#tests/support/database';
import { invoicing, type Invoicing } from '#tests/support/invoicing';

let target: DatabaseTarget;
let handles: Db[] = [];

beforeEach(async () => {
  const opened = await openTestDatabase();
  target = opened.target;
  await closeDatabase(opened.db);
  handles = [await openDatabase(target), await openDatabase(target)];
});

afterEach(async () => {
  await Promise.all(handles.map((db) => closeDatabase(db)));
  handles = [];
});

/** Instance A with the profile and a lead with a buyer, and instance B on the same database. */
async function twoInstances(): Promise<{ a: Invoicing; callers: Caller[] }> {
  const a = await invoicing({ deps: await createTestDeps({ db: handles[0]! }) });
  const b = await adminCaller(await createTestDeps({ db: handles[1]! }));
  return { a, callers: [a.admin, b] };
}

it('20 drafts issued at once on two instances: 0001 to 0020, no gap, none twice; a restart goes on', async () => {
  const { a, callers } = await twoInstances();
  const ids: number[] = [];
  for (let i = 0; i < 20; i++) ids.push(await a.draft());
  const answers = await Promise.all(ids.map((id, i) => callers[i % 2]!.invoices.issue({ id })));
  const numbers = answers.map(({ invoice }) => invoice.number).sort();
  expect(numbers).toEqual(
    Array.from({ length: 20 }, (_, i) => `INV-2026-${String(i + 1).padStart(4, '0')}`),
  );
  const last = await a.draft();
  await Promise.all(handles.splice(0).map((db) => closeDatabase(db)));

  handles = [await openDatabase(target)];
  const restarted = await adminCaller(await createTestDeps({ db: handles[0]! }));
  expect((await restarted.invoices.issue({ id: last })).invoice.number).toBe('INV-2026-0021');
});

it('one draft issued 10 times at once on two instances: one number, one audit entry', async () => {
  const { a, callers } = await twoInstances();
  const id = await a.draft();
  const answers = await Promise.all(
    Array.from({ length: 10 }, (_, i) => callers[i % 2]!.invoices.issue({ id })),
  );
  expect(new Set(answers.map(({ invoice }) => invoice.number))).toEqual(new Set(['INV-2026-0001']));
  const issued = await handles[1]!
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.action, 'invoice_issued'));
  expect(issued).toHaveLength(1);
  expect(
    (await a.draft().then((next) => a.admin.invoices.issue({ id: next }))).invoice.number,
  ).toBe('INV-2026-0002');
});

it('10 credits sent at once on two instances never credit more than the invoice', async () => {
  const { a, callers } = await twoInstances();
  const id = await a.draft();
  await a.admin.invoices.issue({ id });
  // A net 100,000 at 19 % is 119,000 gross: five of them fit in 651,525, a sixth does not.
  const settled = await Promise.allSettled(
    Array.from({ length: 10 }, (_, i) =>
      callers[i % 2]!.invoices.credit({ id, amount: 100_000, reason: `Credit ${i}` }),
    ),
  );
  expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(5);
  const refused = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason] : []));
  expect(refused.map((error) => error instanceof TRPCError && error.code)).toEqual(
    Array(5).fill('BAD_REQUEST'),
  );
  const notes = await handles[0]!.select().from(invoices).where(eq(invoices.kind, 'credit_note'));
  expect(notes.map((note) => note.number).sort()).toEqual(
    ['0001', '0002', '0003', '0004', '0005'].map((n) => `CN-2026-${n}`),
  );
  const { invoice } = await callers[1]!.invoices.get({ id });
  expect(invoice.balance.credited).toBe(5 * 119_000);
});
