/**
 * A waiting mail is sealed in the outbox (docs/mail.md, "Sealed while it waits"): it opens only
 * with the key it was sealed with and for its own row, and a mail that does not open is failed
 * with one clear line, never sent half-made. That no link or code reaches the database file in
 * clear is proven on its bytes by ../mailed-secrets-on-disk.test.ts.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { writeTransaction, type Db } from '#db';
import { outbox } from '#db/schema';
import { createRecordingMailer, createTestClock, testConfig } from '#tests/support/app';
import { openTestDatabase } from '#tests/support/database';
import { createMemoryLogger } from '#tests/support/logger';
import { createMailLoop } from './mail-loop';
import { outboxJob } from './outbox-job';
import {
  NOT_OPENED_ERROR,
  NOT_SEALED_ERROR,
  sealOutboxWith,
  UnopenedMailError,
} from './outbox-seal';
import { queueMail, storedMessage } from './queue-mail';
import { retryMail } from './retry-mail';

const SECRET = testConfig().sessionSecret;
const OTHER_SECRET = 'another-session-secret-another-session-secret';
const clock = createTestClock(new Date('2026-11-26T10:00:00Z'));
let db: Db;

beforeEach(async () => {
  ({ db } = await openTestDatabase());
  sealOutboxWith(db, SECRET);
});

const message = {
  to: 'erin@example.com',
  subject: 'You are invited',
  text: 'Join: http://localhost/admin/invitation?token=abc',
  headers: { 'X-Test': 'yes' },
};

const queue = (to = message.to) =>
  writeTransaction(db, (tx) =>
    queueMail(tx, { kind: 'notice', message: { ...message, to } }, clock.now()),
  );

const row = async (id: number) => (await db.select().from(outbox).where(eq(outbox.id, id)).get())!;

function sender() {
  const logger = createMemoryLogger();
  const mailer = createRecordingMailer();
  const loop = createMailLoop({ db, clock, logger, mailer, config: testConfig() }, [outboxJob], {
    id: 'seal-test',
  });
  return {
    logger,
    mailer,
    async drain() {
      while ((await loop.turn()).kind === 'worked');
    },
  };
}

it('opens a waiting mail only with the key it was sealed with, and only for its own row', async () => {
  const id = await queue();
  const other = await queue('mallory@example.com');
  const stored = await row(id);
  expect(stored.message).toMatch(/^sealed1\./);
  expect(stored.message).not.toContain('token=abc');
  expect(storedMessage(db, stored)).toEqual(message);

  // Its sealed text moved onto a row to another recipient does not open there.
  const moved = { ...(await row(other)), message: stored.message };
  expect(() => storedMessage(db, moved)).toThrow(new UnopenedMailError(NOT_OPENED_ERROR));
  sealOutboxWith(db, OTHER_SECRET);
  expect(() => storedMessage(db, stored)).toThrow(new UnopenedMailError(NOT_OPENED_ERROR));
});

it('fails a mail that does not open (SESSION_SECRET changed) with one line, sends nothing, and sends it on Retry with the old secret back', async () => {
  const id = await queue();
  sealOutboxWith(db, OTHER_SECRET);
  const first = sender();
  await first.drain();
  expect(first.mailer.sent).toEqual([]);
  expect(await row(id)).toMatchObject({ status: 'failed', lastError: NOT_OPENED_ERROR });
  const lines = first.logger.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(lines).toEqual([
    expect.objectContaining({ event: 'mail.failed', id, error: NOT_OPENED_ERROR }),
  ]);
  // Still sealed, not dropped: with the old secret back the owner's Retry sends it.
  sealOutboxWith(db, SECRET);
  expect(await retryMail(db, id, clock.now())).toBe('queued');
  const second = sender();
  await second.drain();
  expect(second.mailer.sent).toEqual([message]);
  expect(await row(id)).toMatchObject({ status: 'sent' });
});

it('seals mail an older version queued in clear before it goes, and never sends a text left in clear', async () => {
  const clear = (to: string, bulk: boolean) =>
    writeTransaction(db, (tx) =>
      tx
        .insert(outbox)
        .values({
          kind: bulk ? 'sequence' : 'notice',
          priority: bulk ? 5 : 1,
          bulk,
          toEmail: to,
          subject: message.subject,
          message: JSON.stringify({ text: message.text }),
          nextAttemptAt: new Date(clock.now().getTime() + 60_000),
          createdAt: clock.now(),
        })
        .returning({ id: outbox.id })
        .get(),
    );
  const old = await clear('reader@example.com', true);
  const mail = sender();
  // The sender's first turn seals it; it waits, sealed, for its moment.
  await mail.drain();
  expect((await row(old.id)).message).toMatch(/^sealed1\./);
  expect(mail.logger.lines.map((line) => JSON.parse(line) as { event: string })).toEqual([
    expect.objectContaining({ event: 'mail.sealed', mails: 1 }),
  ]);
  // A row written in clear afterwards (not by this site's outbox) is failed, not sent.
  const planted = await clear('mallory@example.com', false);
  clock.advance(60_000);
  await mail.drain();
  expect(await row(old.id)).toMatchObject({ status: 'sent' });
  expect(await row(planted.id)).toMatchObject({ status: 'failed', lastError: NOT_SEALED_ERROR });
  expect(mail.mailer.sent.map((m) => m.to)).toEqual(['reader@example.com']);
});
