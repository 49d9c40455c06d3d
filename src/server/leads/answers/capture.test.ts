/**
 * Which lead an answer joins, and how much of it is kept (docs/leads.md, "Answers by e-mail"),
 * below the IMAP reading that poller.test.ts drives against a real server: mail from the
 * site's own addresses never joins a lead by its sender, threading still does, and a text is
 * kept up to 64 KB.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { writeTransaction } from '#db';
import { leadEvents, leads, users } from '#db/schema';
import { createTestDeps, type TestDeps } from '#tests/support/app';
import { ANSWER_CUT_NOTE, MAX_ANSWER_BYTES, keptAnswerText, takeAnswer } from './capture';
import type { IncomingMail } from '#server/mail/mailbox/incoming-mail';

let deps: TestDeps;
let mails = 0;

/** A lead as one made before the own-address rule could be (a stranger's, with our address). */
async function leadFor(email: string): Promise<number> {
  const now = deps.clock.now();
  return writeTransaction(deps.db, async (tx) => {
    const lead = await tx
      .insert(leads)
      .values({ email, name: 'Someone', status: 'new', createdAt: now, lastActivityAt: now })
      .returning({ id: leads.id })
      .get();
    return lead.id;
  });
}

const incoming = (from: string, extra: Partial<IncomingMail> = {}): IncomingMail => ({
  mailId: `answer-${++mails}@mail.example`,
  threadIds: [],
  from,
  text: 'Thursday works.',
  ...extra,
});

const take = (mail: IncomingMail) => takeAnswer(deps, mail, deps.clock.now());

const answersOf = async (leadId: number) =>
  (await deps.db.select().from(leadEvents).where(eq(leadEvents.leadId, leadId)).all()).filter(
    (event) => event.kind === 'reply_received',
  );

beforeEach(async () => {
  deps = await createTestDeps();
  await writeTransaction(deps.db, (tx) =>
    tx
      .insert(users)
      .values({
        username: 'dana',
        password: 'not-a-usable-hash',
        email: 'Dana@Harbor.example',
        createdAt: deps.clock.now(),
      })
      .run(),
  );
});

describe('an answer from the mailbox', () => {
  it('joins the lead of its sender', async () => {
    const lead = await leadFor('lin@example.com');
    expect(await take(incoming('LIN@example.com'))).toBe('stored');
    expect(await answersOf(lead)).toMatchObject([{ text: 'Thursday works.' }]);
  });

  it.each([
    ['MAIL_FROM', 'no-reply@example.com'],
    ['REPLY_TO', 'Owner@example.com'],
    ['CONTACT_NOTIFY_TO', 'notify@example.com'],
    ['an administrator’s address', 'dana@harbor.example'],
  ])('never joins a lead by its sender when that is %s', async (_, address) => {
    deps.config.contactNotifyTo = 'notify@example.com';
    const lead = await leadFor(address);
    // The site's own sign-in code mail, arriving in the watched mailbox.
    expect(await take(incoming(address, { text: 'Your sign-in code is 123456' }))).toBe('ignored');
    expect(await answersOf(lead)).toEqual([]);
  });

  it('still joins by its threading headers when it comes from one of the site’s addresses', async () => {
    const lead = await leadFor('lin@example.com');
    await writeTransaction(deps.db, (tx) =>
      tx
        .insert(leadEvents)
        .values({
          leadId: lead,
          at: deps.clock.now(),
          kind: 'reply_sent',
          text: 'Hello Lin',
          mailId: 'reply-1@acme.example',
          delivery: 'sent',
        })
        .run(),
    );
    const mail = incoming('owner@example.com', { threadIds: ['reply-1@acme.example'] });
    expect(await take(mail)).toBe('stored');
    expect(await answersOf(lead)).toHaveLength(1);
  });

  it('is kept up to 64 KB, the rest cut and the cut said', async () => {
    const lead = await leadFor('lin@example.com');
    const long = 'A long answer. '.repeat(200_000); // 3 MB
    expect(await take(incoming('lin@example.com', { text: long }))).toBe('stored');
    const [answer] = await answersOf(lead);
    const text = answer?.text ?? '';
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_ANSWER_BYTES);
    expect(Buffer.byteLength(text)).toBeGreaterThan(MAX_ANSWER_BYTES - 64);
    expect(text.endsWith(`\n\n${ANSWER_CUT_NOTE}`)).toBe(true);
    expect(long.startsWith(text.slice(0, -ANSWER_CUT_NOTE.length - 2))).toBe(true);
  });
});

describe('keptAnswerText', () => {
  it('keeps a text of 64 KB whole', () => {
    const exact = 'x'.repeat(MAX_ANSWER_BYTES);
    expect(keptAnswerText(exact)).toBe(exact);
  });

  it('never cuts inside a character', () => {
    const text = '€'.repeat(MAX_ANSWER_BYTES); // 3 bytes each
    const kept = keptAnswerText(text);
    expect(kept).not.toContain('\uFFFD');
    expect(Buffer.byteLength(kept)).toBeLessThanOrEqual(MAX_ANSWER_BYTES);
    expect(kept.replace(`\n\n${ANSWER_CUT_NOTE}`, '')).toMatch(/^€+$/);
  });
});
