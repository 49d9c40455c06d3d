/**
 * Leads' answers read from a real IMAP server (Dovecot, tests/support/dovecot.ts): threaded
 * by In-Reply-To, or by sender; a stranger's mail left alone; the mailbox never changed; each
 * mail taken once across a restart and two pollers at once (on both databases: the
 * server-sqld project runs this file against a libSQL server).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { writeTransaction } from '#db';
import {
  deliveryReports,
  leadEvents,
  leads,
  mailboxCursors,
  outbox,
  subscribers,
  suppressions,
} from '#db/schema';
import {
  adminCaller,
  callerFor,
  createRecordingMailer,
  createTestDeps,
  testConfig,
  type TestDeps,
} from '#tests/support/app';
import { startDovecot, type Dovecot } from '#tests/support/dovecot';
import { mailsSettled } from '#server/platform/mail';
import { mailboxOf } from '#server/mail/mailbox/reader';
import { createAnswerPoller } from './poller';

let dovecot: Dovecot;
let deps: TestDeps;

beforeAll(async () => {
  dovecot = await startDovecot();
});
afterAll(async () => {
  await dovecot?.stop();
});

const mail = (headers: Record<string, string>, body: string) =>
  Object.entries({ To: 'dana@acme.example', Subject: 'Re: AI Consulting Services', ...headers })
    .map(([name, value]) => `${name}: ${value}`)
    .join('\r\n') + `\r\n\r\n${body.replace(/\n/g, '\r\n')}\r\n`;

const poller = () => createAnswerPoller({ ...deps, config: testConfig({ imapUrl: dovecot.url }) });

async function leadIdOf(email: string): Promise<number> {
  return (await deps.db.select({ id: leads.id }).from(leads).where(eq(leads.email, email)).get())!
    .id;
}

const answers = () =>
  deps.db
    .select()
    .from(leadEvents)
    .where(eq(leadEvents.kind, 'reply_received'))
    .orderBy(leadEvents.id)
    .all();

/** Every message's UID and flags, to prove the poll changed nothing. */
async function mailboxState() {
  const client = await dovecot.client();
  const lock = await client.getMailboxLock('INBOX', { readOnly: true });
  const state: string[] = [];
  try {
    for await (const m of client.fetch('1:*', { uid: true, flags: true })) {
      state.push(`${m.uid}:${[...(m.flags ?? [])].sort().join(',')}`);
    }
  } finally {
    lock.release();
  }
  return state;
}

let run = 0;

beforeEach(async () => {
  deps = await createTestDeps();
  run++;
  const send = callerFor(deps).caller.contact.send;
  const base = {
    subject: 'consulting' as const,
    message: 'We would like a pilot.',
    privacy: true as const,
  };
  await send({ ...base, name: 'Lin', email: `lin${run}@example.com` });
  await send({ ...base, name: 'Kai', email: `kai${run}@example.com` });
  // A reply the product sent to Lin, with its Message-ID.
  const lin = await leadIdOf(`lin${run}@example.com`);
  await writeTransaction(deps.db, (tx) =>
    tx.insert(leadEvents).values({
      leadId: lin,
      at: deps.clock.now(),
      kind: 'reply_sent',
      text: 'Hello Lin',
      subject: 'Re: AI Consulting Services',
      toEmail: `lin${run}@example.com`,
      mailId: `reply-${run}@acme.example`,
      delivery: 'sent',
    }),
  );
});

describe('the answer poller', () => {
  it('reads IMAP_URL: TLS for imaps, STARTTLS required for imap except on loopback', () => {
    expect(mailboxOf('imaps://dana%40acme.example:p%20w@imap.example.com/Leads')).toEqual({
      host: 'imap.example.com',
      port: 993,
      secure: true,
      startTls: false,
      user: 'dana@acme.example',
      pass: 'p w',
      path: 'Leads',
    });
    expect(mailboxOf('imap://u:p@imap.example.com:143/INBOX')).toMatchObject({
      secure: false,
      startTls: true,
    });
    expect(mailboxOf('imap://u:p@127.0.0.1:1143')).toMatchObject({
      startTls: false,
      path: 'INBOX',
    });
  });

  it('takes answers by thread or by sender, leaves strangers and the mailbox alone, and takes each once', async () => {
    const first = poller();
    // What an earlier test left is read first (a new database, the same mailbox).
    await first.pollOnce();
    const before = (await answers()).length;

    await dovecot.append(
      mail(
        {
          From: `Someone Else <other${run}@example.org>`,
          'Message-ID': `<threaded-${run}@mail.example.org>`,
          'In-Reply-To': `<reply-${run}@acme.example>`,
          References: `<reply-${run}@acme.example>`,
        },
        `Thursday works.\n\nOn Tue, 3 Mar 2026 at 10:00, Acme <site@acme.example> wrote:\n> Hello Lin`,
      ),
    );
    await dovecot.append(
      mail(
        {
          From: `Kai <KAI${run}@example.com>`,
          'Message-ID': `<by-sender-${run}@mail.example.com>`,
        },
        'A question about price.',
      ),
    );
    await dovecot.append(
      mail(
        { From: `spam${run}@example.net`, 'Message-ID': `<stranger-${run}@example.net>` },
        'Buy now',
      ),
    );
    const mailboxBefore = await mailboxState();

    const polled = await first.pollOnce();
    expect(first.status.lastError).toBeNull();
    expect(polled).toEqual({ stored: 2, duplicate: 0, ignored: 1, reports: 0 });
    expect(first.status.lastError).toBeNull();
    const taken = (await answers()).slice(before);
    expect(taken.map((e) => [e.leadId, e.actor, e.text, e.mailId, e.readAt])).toEqual([
      [
        await leadIdOf(`lin${run}@example.com`),
        `other${run}@example.org`,
        'Thursday works.',
        `threaded-${run}@mail.example.org`,
        null,
      ],
      [
        await leadIdOf(`kai${run}@example.com`),
        `KAI${run}@example.com`,
        'A question about price.',
        `by-sender-${run}@mail.example.com`,
        null,
      ],
    ]);
    // Read only: no \\Seen, nothing moved or deleted.
    expect(await mailboxState()).toEqual(mailboxBefore);

    // A restart (a new poller, the same database) finds nothing new.
    expect(await poller().pollOnce()).toEqual({ stored: 0, duplicate: 0, ignored: 0, reports: 0 });
    // Forgetting the cursor reads everything again, and still takes nothing twice.
    await writeTransaction(deps.db, (tx) => tx.delete(mailboxCursors).run());
    const again = await Promise.all([poller().pollOnce(), poller().pollOnce()]);
    expect(again.reduce((sum, r) => sum + r.stored, 0)).toBe(0);
    expect((await answers()).slice(before)).toHaveLength(2);
  });

  it('takes bounces and complaints as reports, never as answers: suppressed once, the complainer unsubscribed, strangers, the unverified and the unreadable kept apart', async () => {
    await poller().pollOnce();
    const answersBefore = (await answers()).length;
    const reader = `reader${run}@example.org`;
    await writeTransaction(deps.db, async (tx) => {
      await tx
        .insert(subscribers)
        .values({ email: reader, status: 'confirmed', createdAt: deps.clock.now() })
        .run();
      // The mails the site sent them, by the Message-IDs the reports quote.
      for (const [to, id] of [
        [`kai${run}@example.com`, `to-kai-${run}@acme.example`],
        [reader, `to-reader-${run}@acme.example`],
      ] as const) {
        const at = deps.clock.now();
        await tx
          .insert(outbox)
          .values({
            ...{ kind: 'notice', priority: 1, toEmail: to, subject: 'Hello', message: '{}' },
            ...{ nextAttemptAt: at, createdAt: at, status: 'sent', sentAt: at, messageId: id },
          })
          .run();
      }
    });
    /** A report as a mail server writes one (RFC 3462), from the lead's own mail server. */
    const report = (id: string, type: string, parts: [string, string][]) =>
      [
        `From: MAILER-DAEMON@mx.example.com`,
        'To: dana@acme.example',
        'Subject: Undelivered Mail Returned to Sender',
        `Message-ID: <${id}-${run}@mx.example.com>`,
        'MIME-Version: 1.0',
        `Content-Type: multipart/report; report-type=${type}; boundary="b0"`,
        '',
        ...parts.flatMap(([partType, body]) => ['--b0', `Content-Type: ${partType}`, '', body, '']),
        '--b0--',
        '',
      ].join('\r\n');
    const notice: [string, string] = ['text/plain', 'Your mail could not be delivered.'];
    const status = (email: string, action: string, code: string): [string, string] => [
      'message/delivery-status',
      `Reporting-MTA: dns; mx.example.com\r\n\r\nFinal-Recipient: rfc822; ${email}\r\nAction: ${action}\r\nStatus: ${code}\r\nDiagnostic-Code: smtp; 550 ${code} no such user\r\n`,
    ];
    // Kai's address is gone; the reader complains; a stranger's address bounces; one report
    // cannot be read; a person's answer mentions a bounce but is an answer.
    const quoting = (to: string, id: string): [string, string] => [
      'text/rfc822-headers',
      `To: ${to}\r\nMessage-ID: <${id}>\r\n`,
    ];
    await dovecot.append(
      report('hard', 'delivery-status', [
        notice,
        status(`kai${run}@example.com`, 'failed', '5.1.1'),
        quoting(`kai${run}@example.com`, `to-kai-${run}@acme.example`),
      ]),
    );
    // Made up: no VERP token, a Message-ID the site never sent.
    await dovecot.append(
      report('made-up', 'delivery-status', [
        notice,
        status(`lin${run}@example.com`, 'failed', '5.1.1'),
        quoting(`lin${run}@example.com`, `never-${run}@acme.example`),
      ]),
    );
    await dovecot.append(
      report('abuse', 'feedback-report', [
        ['text/plain', 'This is an abuse report.'],
        [
          'message/feedback-report',
          'Feedback-Type: abuse\r\nUser-Agent: ISP/1.0\r\nVersion: 1\r\n',
        ],
        [
          'message/rfc822',
          `From: news@acme.example\r\nTo: ${reader}\r\nMessage-ID: <to-reader-${run}@acme.example>\r\nSubject: News\r\n\r\nHello.`,
        ],
      ]),
    );
    await dovecot.append(
      report('stranger', 'delivery-status', [
        notice,
        status(`nobody${run}@example.net`, 'failed', '5.1.1'),
      ]),
    );
    await dovecot.append(
      report('broken', 'delivery-status', [notice, ['message/delivery-status', '']]),
    );
    await dovecot.append(
      mail(
        { From: `lin${run}@example.com`, 'Message-ID': `<bounce-words-${run}@example.com>` },
        'Your last mail bounced from my old address; this one works.',
      ),
    );
    const mailboxBefore = await mailboxState();

    expect(await poller().pollOnce()).toEqual({ stored: 1, duplicate: 0, ignored: 0, reports: 5 });
    expect((await answers()).slice(answersBefore).map((e) => e.text)).toEqual([
      'Your last mail bounced from my old address; this one works.',
    ]);
    const suppressed = await deps.db.select().from(suppressions).all();
    expect(suppressed.map((row) => [row.email, row.reason])).toEqual(
      expect.arrayContaining([
        [`kai${run}@example.com`, 'hard_bounce'],
        [reader, 'complaint'],
      ]),
    );
    expect(suppressed.some((row) => row.email === `nobody${run}@example.net`)).toBe(false);
    expect(suppressed.some((row) => row.email === `lin${run}@example.com`)).toBe(false);
    const unverified = await adminCaller(deps).then((admin) => admin.mailReports.unverified({}));
    expect(unverified.reports.map((r) => [r.email, r.reason])).toEqual([
      [`lin${run}@example.com`, 'hard bounce: 5.1.1 550 5.1.1 no such user'],
    ]);
    const subscriber = await deps.db
      .select()
      .from(subscribers)
      .where(eq(subscribers.email, reader))
      .get();
    expect(subscriber).toMatchObject({ status: 'unsubscribed', sequenceExited: 'unsubscribed' });
    const unreadable = await deps.db
      .select()
      .from(deliveryReports)
      .where(eq(deliveryReports.kind, 'unreadable'))
      .all();
    expect(unreadable.map((row) => [row.key, row.detail])).toEqual([
      [`broken-${run}@mx.example.com`, 'the delivery status names no recipient'],
    ]);
    expect(unreadable[0]?.raw).toContain('Subject: Undelivered Mail Returned to Sender');
    // Read only, and each report taken once: the cursor forgotten, two pollers read it all again.
    expect(await mailboxState()).toEqual(mailboxBefore);
    const rows = (await deps.db.select().from(deliveryReports).all()).length;
    await writeTransaction(deps.db, (tx) => tx.delete(mailboxCursors).run());
    await Promise.all([poller().pollOnce(), poller().pollOnce()]);
    expect(await deps.db.select().from(deliveryReports).all()).toHaveLength(rows);
  });

  it('passes over a mail it cannot read (5,000 MIME parts), recorded for the admin, and reads the mail after it', async () => {
    await poller().pollOnce();
    const before = (await answers()).length;
    const parts = Array.from(
      { length: 5000 },
      (_, i) => `--p\nContent-Type: text/plain\n\npart ${i}\n`,
    ).join('');
    await dovecot.append(
      mail(
        {
          From: `Kai <kai${run}@example.com>`,
          'Message-ID': `<many-parts-${run}@example.com>`,
          'MIME-Version': '1.0',
          'Content-Type': 'multipart/mixed; boundary="p"',
        },
        `${parts}--p--`,
      ),
    );
    await dovecot.append(
      mail(
        { From: `lin${run}@example.com`, 'Message-ID': `<after-${run}@example.com>` },
        'Still there?',
      ),
    );
    const first = poller();
    expect(await first.pollOnce()).toEqual({ stored: 1, duplicate: 0, ignored: 0, reports: 1 });
    expect(first.status.lastError).toBeNull();
    expect((await answers()).slice(before).map((e) => e.text)).toEqual(['Still there?']);
    // (Earlier tests' reports are in the same mailbox.)
    const { reports } = await adminCaller(deps).then((admin) => admin.mailReports.unreadable({}));
    const passed = reports.filter((r) => r.text.includes(`many-parts-${run}@example.com`));
    expect(passed.map((r) => r.reason)).toEqual([
      expect.stringMatching(/^the mail could not be read: /),
    ]);
    // The cursor is past it: the next poll reads nothing again.
    expect(await poller().pollOnce()).toEqual({ stored: 0, duplicate: 0, ignored: 0, reports: 0 });
  });

  it('two pollers at once take a new answer exactly once', async () => {
    await poller().pollOnce();
    const before = (await answers()).length;
    await dovecot.append(
      mail(
        { From: `lin${run}@example.com`, 'Message-ID': `<twice-${run}@example.com>` },
        'Once only.',
      ),
    );
    const results = await Promise.all([poller().pollOnce(), poller().pollOnce()]);
    expect(results.reduce((sum, r) => sum + r.stored, 0)).toBe(1);
    expect((await answers()).slice(before).map((e) => e.text)).toEqual(['Once only.']);
  });

  it('tells CONTACT_NOTIFY_TO of a new answer, once for two pollers at once', async () => {
    await poller().pollOnce();
    await dovecot.append(
      mail(
        { From: `Lin <lin${run}@example.com>`, 'Message-ID': `<noticed-${run}@example.com>` },
        'Friday instead?',
      ),
    );
    const mailer = createRecordingMailer();
    const notifying = () =>
      createAnswerPoller({
        ...deps,
        mailer,
        config: testConfig({ imapUrl: dovecot.url, contactNotifyTo: 'notify@acme.example' }),
      });
    await Promise.all([notifying().pollOnce(), notifying().pollOnce()]);
    await mailsSettled(mailer);
    expect(mailer.sent.map((m) => [m.to, m.subject])).toEqual([
      ['notify@acme.example', 'New answer from Lin'],
    ]);
  });

  it('an unreachable mailbox is an error kept for the admin, and loses nothing', async () => {
    const broken = createAnswerPoller({
      ...deps,
      config: testConfig({ imapUrl: `imap://owner:wrong@127.0.0.1:${dovecot.port}/INBOX` }),
    });
    expect(await broken.pollOnce()).toEqual({ stored: 0, duplicate: 0, ignored: 0, reports: 0 });
    expect(broken.status.lastError).not.toBeNull();
    expect(JSON.stringify(deps.logger.lines ?? [])).not.toContain('wrong');
  });

  it('tells the admin when the running poller last looked and what failed; nothing when stopped', async () => {
    const admin = await adminCaller(deps);
    expect(await admin.leads.mailbox()).toEqual({ mailbox: null });
    const broken = createAnswerPoller({
      ...deps,
      config: testConfig({ imapUrl: `imap://owner:wrong@127.0.0.1:${dovecot.port}/INBOX` }),
    });
    broken.start();
    await expect
      .poll(async () => (await admin.leads.mailbox()).mailbox?.lastError ?? null, {
        timeout: 10_000,
      })
      .not.toBeNull();
    expect((await admin.leads.mailbox()).mailbox?.lastPollAt).toBe(deps.clock.now().toISOString());
    await broken.stop();
    expect(await admin.leads.mailbox()).toEqual({ mailbox: null });
  });
});
