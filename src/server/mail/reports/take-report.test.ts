/**
 * Which mailbox reports count (docs/mail.md, "Whom it is about"): one whose VERP token
 * verifies, or one quoting the Message-ID of a mail the site sent to the address it names.
 * Any other changes nothing and is listed for the owner as unverified.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { writeTransaction } from '#db';
import { outbox, subscribers, suppressions } from '#db/schema';
import { readDeliveryReport } from '#server/mail/deliverability/delivery-report';
import { verpAddress } from '#server/mail/deliverability/verp';
import { bounceTokenKey } from '#server/platform/keys';
import { mailsSettled } from '#server/platform/mail';
import {
  adminCaller,
  callerFor,
  createTestDeps,
  testConfig,
  type Caller,
  type TestDeps,
} from '#tests/support/app';
import { unsubscribeAddress } from '#server/newsletter/unsubscribe-address';
import { takeMailboxReport } from './take-report';

const BOUNCES = 'bounces@acme.example';
let deps: TestDeps;
let admin: Caller;
/** Each reader's confirmation mail, as the outbox sent it. */
const sent = new Map<string, { id: number; messageId: string }>();

beforeEach(async () => {
  deps = await createTestDeps({ config: testConfig({ bounceAddress: BOUNCES }) });
  admin = await adminCaller(deps);
  for (const email of ['ada@example.org', 'ben@example.org']) {
    await callerFor(deps).caller.newsletter.subscribe({ email });
  }
  await mailsSettled(deps.mailer);
  await writeTransaction(deps.db, (tx) =>
    tx.update(subscribers).set({ status: 'confirmed', confirmedAt: deps.clock.now() }).run(),
  );
  for (const row of await deps.db.select().from(outbox).all()) {
    expect(row.status).toBe('sent');
    sent.set(row.toEmail, { id: row.id, messageId: row.messageId ?? '' });
  }
});

let reportCount = 0;

/** A report as a mail server writes one, about `email`, quoting the original's Message-ID. */
function report(opts: {
  type: 'bounce' | 'complaint';
  email: string;
  quotes?: string;
  to?: string;
}): { key: string; raw: Buffer } {
  const key = `report-${++reportCount}@mx.example.net`;
  const original = [`To: ${opts.email}`, 'Subject: Confirm your subscription'];
  if (opts.quotes) original.push(`Message-ID: <${opts.quotes}>`);
  const parts: [string, string][] =
    opts.type === 'bounce'
      ? [
          ['text/plain', 'Your mail could not be delivered.'],
          [
            'message/delivery-status',
            `Reporting-MTA: dns; mx.example.net\r\n\r\nFinal-Recipient: rfc822; ${opts.email}\r\nAction: failed\r\nStatus: 5.1.1\r\n`,
          ],
          ['text/rfc822-headers', original.join('\r\n') + '\r\n'],
        ]
      : [
          ['text/plain', 'This is an abuse report.'],
          ['message/feedback-report', 'Feedback-Type: abuse\r\nVersion: 1\r\n'],
          ['message/rfc822', original.join('\r\n') + '\r\n\r\nHello.'],
        ];
  const type = opts.type === 'bounce' ? 'delivery-status' : 'feedback-report';
  const raw = [
    'From: MAILER-DAEMON@mx.example.net',
    `To: ${opts.to ?? 'dana@acme.example'}`,
    `Message-ID: <${key}>`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/report; report-type=${type}; boundary="b0"`,
    '',
    ...parts.flatMap(([partType, body]) => ['--b0', `Content-Type: ${partType}`, '', body, '']),
    '--b0--',
    '',
  ].join('\r\n');
  return { key, raw: Buffer.from(raw) };
}

async function take(mail: { key: string; raw: Buffer }) {
  const check = { bounceAddress: BOUNCES, key: bounceTokenKey(deps.config.sessionSecret) };
  const report = await readDeliveryReport(mail.raw, check);
  // As app/ wires it: a complaint also unsubscribes the address.
  return takeMailboxReport(
    { ...deps, onComplaint: unsubscribeAddress },
    report,
    mail,
    deps.clock.now(),
  );
}

const suppressed = async () =>
  (await deps.db.select().from(suppressions).all()).map((row) => [row.email, row.reason]);
const statusOf = async (email: string) =>
  (await deps.db.select().from(subscribers).where(eq(subscribers.email, email)).get())?.status;

describe('a report from the mailbox', () => {
  it('changes nothing without a VERP token or the Message-ID of a mail sent, and is listed as unverified', async () => {
    expect(await take(report({ type: 'bounce', email: 'ada@example.org' }))).toBe('taken');
    expect(
      await take(
        report({ type: 'complaint', email: 'ben@example.org', quotes: 'made-up@acme.example' }),
      ),
    ).toBe('taken');
    expect(await suppressed()).toEqual([]);
    expect([await statusOf('ada@example.org'), await statusOf('ben@example.org')]).toEqual([
      'confirmed',
      'confirmed',
    ]);
    const listed = await admin.mailReports.unverified({});
    expect(listed.total).toBe(2);
    expect(listed.reports.map((r) => [r.email, r.reason])).toEqual([
      ['ben@example.org', 'complaint: abuse'],
      ['ada@example.org', 'hard bounce: 5.1.1'],
    ]);
    expect(listed.reports[0]?.text).toContain('Feedback-Type: abuse');
    // Not among the unreadable ones.
    expect((await admin.mailReports.unreadable({})).total).toBe(0);
  });

  it('counts when it quotes the Message-ID of a mail sent to the address it names, not of one sent to another', async () => {
    const ada = sent.get('ada@example.org')!;
    const ben = sent.get('ben@example.org')!;
    expect(ada.messageId).not.toBe('');
    await take(report({ type: 'bounce', email: 'ada@example.org', quotes: ben.messageId }));
    expect(await suppressed()).toEqual([]);
    expect((await admin.mailReports.unverified({})).total).toBe(1);

    await take(report({ type: 'bounce', email: 'ada@example.org', quotes: ada.messageId }));
    await take(report({ type: 'complaint', email: 'ben@example.org', quotes: ben.messageId }));
    expect(await suppressed()).toEqual([
      ['ada@example.org', 'hard_bounce'],
      ['ben@example.org', 'complaint'],
    ]);
    expect(await statusOf('ben@example.org')).toBe('unsubscribed');
    expect((await admin.mailReports.unverified({})).total).toBe(1);
  });

  it('counts when its VERP token verifies, for the mail the token names', async () => {
    const key = bounceTokenKey(deps.config.sessionSecret);
    const ada = sent.get('ada@example.org')!;
    await take(
      report({ type: 'bounce', email: 'ada@example.org', to: verpAddress(BOUNCES, ada.id, key) }),
    );
    // A token made up, or signed with another key, proves nothing.
    const forged = verpAddress(BOUNCES, sent.get('ben@example.org')!.id, Buffer.alloc(32, 1));
    await take(report({ type: 'bounce', email: 'ben@example.org', to: forged }));
    expect(await suppressed()).toEqual([['ada@example.org', 'hard_bounce']]);
    expect((await admin.mailReports.unverified({})).reports.map((r) => r.email)).toEqual([
      'ben@example.org',
    ]);
  });

  it('shows on the Mail screen as the bounce of the mail it proved, not as a plain sent one', async () => {
    const ada = sent.get('ada@example.org')!;
    await take(report({ type: 'bounce', email: 'ada@example.org', quotes: ada.messageId }));
    const { mails } = await admin.outbox.list({ status: 'sent' });
    expect(mails.map((m) => [m.to, m.bounce])).toEqual(
      expect.arrayContaining([
        ['ada@example.org', { kind: 'hard', detail: '5.1.1', at: deps.clock.now().toISOString() }],
        ['ben@example.org', null],
      ]),
    );
  });
});
