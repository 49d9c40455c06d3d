import { beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction, type Db } from '#db';
import { deliveryReports, suppressions } from '#db/schema';
import { openTestDatabase } from '#tests/support/database';
import { recordDeliveryReport, type DeliveryReportEntry } from './delivery-reports';

let db: Db;
const start = new Date('2026-11-01T10:00:00Z');
const days = (n: number) => new Date(start.getTime() + n * 86_400_000);

beforeEach(async () => {
  ({ db } = await openTestDatabase());
});

const record = (entry: Partial<DeliveryReportEntry> & { key: string }, at = start) =>
  writeTransaction(db, (tx) =>
    recordDeliveryReport(
      tx,
      { source: 'mailbox', kind: 'soft', email: 'helen@example.com', detail: '4.2.2', ...entry },
      at,
    ),
  );

const suppressed = () => db.select().from(suppressions).all();

describe('a delivery report', () => {
  it('suppresses at a hard bounce, once, however often the report is read', async () => {
    const report = {
      key: '<r1@mx>',
      kind: 'hard' as const,
      email: 'Helen@Example.com',
      detail: '5.1.1 no such user',
    };
    expect(await record(report)).toEqual({ taken: true, suppressed: 'hard_bounce' });
    expect(await record(report)).toEqual({ taken: false, suppressed: null });
    expect(await suppressed()).toEqual([
      {
        email: 'helen@example.com',
        reason: 'hard_bounce',
        detail: '5.1.1 no such user',
        at: start,
      },
    ]);
    expect(await db.select().from(deliveryReports).all()).toHaveLength(1);
  });

  it('takes a report read by twenty at once exactly once', async () => {
    const report = { key: '<same@mx>', kind: 'hard' as const };
    const results = await Promise.all(Array.from({ length: 20 }, () => record(report)));
    expect(results.filter((r) => r.taken)).toHaveLength(1);
    expect(await suppressed()).toHaveLength(1);
  });

  it('suppresses at the third soft bounce in 30 days, not at two, nor three spread wider', async () => {
    await record({ key: 'a' }, days(0));
    await record({ key: 'b' }, days(20));
    expect(await suppressed()).toEqual([]);
    // The first has left the window by day 31: still two.
    expect(await record({ key: 'c' }, days(31))).toEqual({ taken: true, suppressed: null });
    expect(await record({ key: 'd', detail: '4.2.2 mailbox full' }, days(35))).toEqual({
      taken: true,
      suppressed: 'soft_bounces',
    });
    expect(await suppressed()).toEqual([
      {
        email: 'helen@example.com',
        reason: 'soft_bounces',
        detail: '3 soft bounces in 30 days; the last: 4.2.2 mailbox full',
        at: days(35),
      },
    ]);
  });

  it('suppresses at a complaint; keeps an unreadable report whole for the admin, suppressing no one', async () => {
    expect(await record({ key: 'c1', kind: 'complaint', detail: 'abuse' })).toEqual({
      taken: true,
      suppressed: 'complaint',
    });
    const raw = 'x'.repeat(70_000);
    expect(
      await record({ key: 'u1', kind: 'unreadable', email: '', detail: 'no parts', raw }),
    ).toEqual({
      taken: true,
      suppressed: null,
    });
    const kept = await db.select().from(deliveryReports).all();
    expect(kept.find((row) => row.kind === 'unreadable')?.raw).toHaveLength(65_536);
    expect((await suppressed()).map((row) => row.reason)).toEqual(['complaint']);
  });
});
