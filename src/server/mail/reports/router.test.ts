/** The unreadable reports kept for the admin (docs/mail.md), through createCaller. */
import { beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import { recordDeliveryReport } from '#server/mail/reports/delivery-reports';
import { procedureCallers, type Caller, type TestDeps } from '#tests/support/app';
import { failure } from '#tests/support/trpc-errors';

let deps: TestDeps;
let admin: Caller;
let anonymous: Caller;

beforeEach(async () => {
  ({ deps, admin, anonymous } = await procedureCallers());
});

async function report(key: string, kind: 'unreadable' | 'hard', at: Date) {
  await writeTransaction(deps.db, (tx) =>
    recordDeliveryReport(
      tx,
      {
        key,
        source: 'mailbox',
        kind,
        email: kind === 'hard' ? 'gone@example.org' : '',
        detail: kind === 'hard' ? '5.1.1' : 'the delivery status names no recipient',
        raw: `Subject: report ${key}`,
      },
      at,
    ),
  );
}

describe('mailReports.unreadable', () => {
  it('asks for a session', async () => {
    expect(await failure(anonymous.mailReports.unreadable({}))).toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });

  it('lists the unreadable reports alone, newest first, 20 a page, each with its text', async () => {
    const start = deps.clock.now().getTime();
    for (let i = 0; i < 22; i++) await report(`u${i}`, 'unreadable', new Date(start + i * 1000));
    await report('h1', 'hard', new Date(start + 99_000));
    const first = await admin.mailReports.unreadable({});
    expect(first.total).toBe(22);
    expect(first.reports).toHaveLength(20);
    expect(first.reports[0]).toMatchObject({
      source: 'mailbox',
      reason: 'the delivery status names no recipient',
      at: new Date(start + 21_000).toISOString(),
      text: 'Subject: report u21',
    });
    const second = await admin.mailReports.unreadable({ page: 2 });
    expect(second.reports.map((r) => r.text)).toEqual(['Subject: report u1', 'Subject: report u0']);
  });
});
