/**
 * One look at the owner's mailbox (mail/mailbox/reader.ts runs it every IMAP_POLL_SECONDS):
 * opened read-only, each mail after the saved cursor fetched with BODY.PEEK, taken as a
 * delivery report or handed on as a person's, and the cursor moved past what was handled
 * (docs/mail.md, "Bounces and complaints"; docs/leads.md, "Answers by e-mail").
 */
import { writeTransaction, type Db } from '#db';
import { mailboxCursors } from '#db/schema';
import { eq } from 'drizzle-orm';
import type { FetchMessageObject, ImapFlow } from 'imapflow';
import type { ParsedMail, simpleParser } from 'mailparser';
import type { Clock } from '#server/platform/clock';
import { loggableError, type Logger } from '#server/platform/logger';
import { configuredSecrets, withoutSecrets, type SecretsConfig } from '#server/platform/secrets';
import type { readDeliveryReport, VerpCheck } from '../deliverability/delivery-report';
import { takeMailboxReport, type ComplaintHook } from '../reports/take-report';
import { messageIds, type IncomingMail } from './incoming-mail';

/** What became of a person's mail: kept, kept before, or not one the reader wanted. */
export type MailTaken = 'stored' | 'duplicate' | 'ignored';

export interface PollResult {
  stored: number;
  duplicate: number;
  ignored: number;
  /** Bounces, complaints and other delivery reports (reports/take-report.ts), not answers. */
  reports: number;
}

export interface MailboxPollDeps {
  db: Db;
  config: SecretsConfig;
  clock: Clock;
  logger: Logger;
  /** What a complaint does beyond the suppression (reports/take-report.ts). */
  onComplaint: ComplaintHook;
  /** A mail that is no delivery report: a person's, for the feature that reads them. */
  onMail: (mail: IncomingMail, now: Date) => Promise<MailTaken>;
}

/** IMAP_URL's parts (reader.ts, `mailboxOf`). */
export interface Mailbox {
  host: string;
  port: number;
  secure: boolean;
  startTls: boolean;
  user: string;
  pass: string;
  path: string;
}

/** One mailbox as one reader reads it. */
export interface MailboxReading {
  deps: MailboxPollDeps;
  box: Mailbox;
  /** The cursor's row in `mailbox_cursors`: the host and the folder. */
  cursorKey: string;
  /** A report that came to a VERP address names its mail (docs/mail.md, "Bounces"). */
  verpCheck: VerpCheck | undefined;
  /** The last poll's time and error, for the admin. */
  status: { lastPollAt: Date | null; lastError: string | null };
}

/** The parsers, loaded at the first poll. */
interface MailParsers {
  simpleParser: typeof simpleParser;
  readDeliveryReport: typeof readDeliveryReport;
}

/**
 * One poll: what it took, counted. A failure is kept in `status` (the server's words without
 * any secret) and logged by host, never thrown: the next poll tries again.
 */
export async function pollMailbox(reading: MailboxReading): Promise<PollResult> {
  const { deps, box, status } = reading;
  const result: PollResult = { stored: 0, duplicate: 0, ignored: 0, reports: 0 };
  // Loaded at the first poll, not at start: most sites set no IMAP_URL, and these take
  // about 0.3 s to load (docs/operations.md, "Start-up time").
  const [{ ImapFlow }, { simpleParser }, { readDeliveryReport }] = await Promise.all([
    import('imapflow'),
    import('mailparser'),
    import('../deliverability/delivery-report'),
  ]);
  const client = new ImapFlow({
    host: box.host,
    port: box.port,
    secure: box.secure,
    doSTARTTLS: box.startTls,
    auth: { user: box.user, pass: box.pass },
    logger: false,
  });
  try {
    await client.connect();
    const lock = await client.getMailboxLock(box.path, { readOnly: true });
    try {
      await readNewMail(reading, client, { simpleParser, readDeliveryReport }, result);
    } finally {
      lock.release();
    }
    await client.logout();
    status.lastError = null;
    if (result.stored > 0) deps.logger.info('lead.answers_taken', { answers: result.stored });
  } catch (error) {
    client.close();
    // The host only: the URL holds the password. The server's words without any secret.
    status.lastError = withoutSecrets(
      error instanceof Error ? error.message : String(error),
      configuredSecrets(deps.config),
    );
    deps.logger.error('lead.mailbox_failed', { host: box.host, error: loggableError(error) });
  } finally {
    status.lastPollAt = deps.clock.now();
  }
  return result;
}

/** The open mailbox's mails after the cursor, each taken, and the cursor moved past them. */
async function readNewMail(
  reading: MailboxReading,
  client: ImapFlow,
  parsers: MailParsers,
  result: PollResult,
): Promise<void> {
  const { deps, box, cursorKey } = reading;
  const opened = client.mailbox;
  if (!opened) throw new Error(`mailbox ${box.path} did not open`);
  const uidValidity = String(opened.uidValidity);
  const cursor = await deps.db
    .select()
    .from(mailboxCursors)
    .where(eq(mailboxCursors.mailbox, cursorKey))
    .get();
  // Another UIDVALIDITY numbers the mailbox anew: read it from the start (each mail is
  // still taken once, by its Message-ID).
  let lastUid = cursor && cursor.uidValidity === uidValidity ? cursor.lastUid : 0;
  if (opened.exists > 0) {
    for await (const message of client.fetch(
      `${lastUid + 1}:*`,
      { uid: true, source: true },
      { uid: true },
    )) {
      // `N:*` names the last message even when its UID is below N.
      if (message.uid <= lastUid || !message.source) continue;
      result[await takeMessage(reading, parsers, message, message.source, uidValidity)]++;
      lastUid = message.uid;
    }
  }
  if (!cursor || cursor.uidValidity !== uidValidity || cursor.lastUid !== lastUid) {
    await saveCursor(reading, uidValidity, lastUid);
  }
}

/** One mail taken: a delivery report (an unreadable mail kept as one), or a person's. */
async function takeMessage(
  reading: MailboxReading,
  parsers: MailParsers,
  message: FetchMessageObject,
  source: Buffer,
  uidValidity: string,
): Promise<keyof PollResult> {
  const { deps, box, verpCheck } = reading;
  const { db, logger, onComplaint, clock } = deps;
  const uidKey = `imap-${uidValidity}-${message.uid}@${box.host}`;
  let parsed: ParsedMail;
  try {
    parsed = await parsers.simpleParser(source);
  } catch (error) {
    // One mail never stops the reader (docs/leads.md, "Answers by e-mail"): too many
    // parts (EMAXLEN), malformed. Kept for the admin as an unreadable report, and
    // passed over; the mail after it is read as usual.
    const reason = error instanceof Error ? error.message : String(error);
    logger.error('lead.mail_unreadable', { uid: message.uid, error: reason });
    await takeMailboxReport(
      { db, logger, onComplaint },
      { kind: 'unreadable', reason: `the mail could not be read: ${reason}` },
      { key: uidKey, raw: source },
      clock.now(),
    );
    return 'reports';
  }
  const mailId = messageIds(parsed.messageId)[0] ?? uidKey;
  // A bounce or a complaint is never a person's answer.
  const report = await takeMailboxReport(
    { db, logger, onComplaint },
    await parsers.readDeliveryReport(source, verpCheck),
    { key: mailId, raw: source },
    clock.now(),
  );
  if (report !== 'other') return 'reports';
  return deps.onMail(
    {
      mailId,
      threadIds: [...messageIds(parsed.inReplyTo), ...messageIds(parsed.references)],
      from: parsed.from?.value[0]?.address ?? null,
      text: parsed.text ?? '',
    },
    clock.now(),
  );
}

async function saveCursor(reading: MailboxReading, uidValidity: string, lastUid: number) {
  const { deps, cursorKey } = reading;
  const now = deps.clock.now();
  await writeTransaction(deps.db, (tx) =>
    tx
      .insert(mailboxCursors)
      .values({ mailbox: cursorKey, uidValidity, lastUid, updatedAt: now })
      .onConflictDoUpdate({
        target: mailboxCursors.mailbox,
        set: { uidValidity, lastUid, updatedAt: now },
      })
      .run(),
  );
}
