/**
 * Leads' answers read from a real IMAP server (Dovecot, tests/support/dovecot.ts): threaded
 * by In-Reply-To, or by sender; a stranger's mail left alone; the mailbox never changed; each
 * mail taken once across a restart and two pollers at once (on both databases: the
 * server-sqld project runs this file against a libSQL server).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { writeTransaction } from '#db';
import { leadEvents, leads, mailboxCursors } from '#db/schema';
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
import { createAnswerPoller, mailboxOf } from './poller';

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
    expect(polled).toEqual({ stored: 2, duplicate: 0, ignored: 1 });
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
    expect(await poller().pollOnce()).toEqual({ stored: 0, duplicate: 0, ignored: 0 });
    // Forgetting the cursor reads everything again, and still takes nothing twice.
    await writeTransaction(deps.db, (tx) => tx.delete(mailboxCursors).run());
    const again = await Promise.all([poller().pollOnce(), poller().pollOnce()]);
    expect(again.reduce((sum, r) => sum + r.stored, 0)).toBe(0);
    expect((await answers()).slice(before)).toHaveLength(2);
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
    expect(await broken.pollOnce()).toEqual({ stored: 0, duplicate: 0, ignored: 0 });
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
