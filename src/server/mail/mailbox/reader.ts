/**
 * Reads the owner's mailbox (IMAP_URL) every IMAP_POLL_SECONDS (docs/mail.md, "Bounces and
 * complaints"; docs/leads.md, "Answers by e-mail"). Read only: the mailbox is opened read-only
 * and messages are fetched with BODY.PEEK (imapflow's `source`), so no flag is set, nothing is
 * moved or deleted. Where the reading got to (UIDVALIDITY, last UID) is kept in the database
 * for every instance and restart. A bounce or a complaint is taken here (reports/take-report.ts);
 * any other mail is a person's, handed to `onMail`, which the feature reading such mail passes
 * in (leads' answers: leads/answers/poller.ts), so the mail layer imports no feature. A failed
 * poll is logged by host and tried again at the next one; the cursor never passes a mail that
 * was not handled. The log's event names (`lead.…`) are the ones the answers reader always had.
 */
import { writeTransaction, type Db } from '#db';
import { mailboxCursors } from '#db/schema';
import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import type { Clock } from '#server/platform/clock';
import type { Config } from '#server/platform/config';
import { loggableError, type Logger } from '#server/platform/logger';
import { inSpan } from '#server/platform/spans';
import { bounceTokenKey } from '#server/platform/keys';
import { configuredSecrets, withoutSecrets, type SecretsConfig } from '#server/platform/secrets';
import { takeMailboxReport, type ComplaintHook } from '../reports/take-report';
import { messageIds, type IncomingMail } from './incoming-mail';

/** What became of a person's mail: kept, kept before, or not one the reader wanted. */
export type MailTaken = 'stored' | 'duplicate' | 'ignored';

export interface MailboxReaderDeps {
  db: Db;
  config: Pick<Config, 'imapUrl' | 'imapPollSeconds' | 'bounceAddress' | 'sessionSecret'> &
    SecretsConfig;
  clock: Clock;
  logger: Logger;
  /** What a complaint does beyond the suppression (reports/take-report.ts). */
  onComplaint: ComplaintHook;
  /** A mail that is no delivery report: a person's, for the feature that reads them. */
  onMail: (mail: IncomingMail, now: Date) => Promise<MailTaken>;
}

export interface PollResult {
  stored: number;
  duplicate: number;
  ignored: number;
  /** Bounces, complaints and other delivery reports (reports/take-report.ts), not answers. */
  reports: number;
}

export interface MailboxReader {
  /** One look at the mailbox: what tests call directly. */
  pollOnce(): Promise<PollResult>;
  start(): void;
  stop(): Promise<void>;
  /** The last poll's time and error, for the admin. */
  readonly status: { lastPollAt: Date | null; lastError: string | null };
}

interface Mailbox {
  host: string;
  port: number;
  secure: boolean;
  startTls: boolean;
  user: string;
  pass: string;
  path: string;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '[::1]', 'localhost']);

/** IMAP_URL's parts: imaps is TLS; imap must upgrade by STARTTLS unless the host is loopback. */
export function mailboxOf(imapUrl: string): Mailbox {
  const url = new URL(imapUrl);
  const secure = url.protocol === 'imaps:';
  const path = decodeURIComponent(url.pathname.replace(/^\/+/, '')) || 'INBOX';
  return {
    host: url.hostname,
    port: Number(url.port) || (secure ? 993 : 143),
    secure,
    startTls: !secure && !LOOPBACK.has(url.hostname),
    user: decodeURIComponent(url.username),
    pass: decodeURIComponent(url.password),
    path,
  };
}

/** The running poller of each database handle (one per instance), for the admin's status. */
const running = new WeakMap<Db, MailboxReader>();

/** What the admin is told about the mailbox on this instance: null when IMAP_URL is unset. */
export function mailboxStatus(
  db: Db,
): { lastPollAt: string | null; lastError: string | null } | null {
  const poller = running.get(db);
  if (!poller) return null;
  return {
    lastPollAt: poller.status.lastPollAt?.toISOString() ?? null,
    lastError: poller.status.lastError,
  };
}

export function createMailboxReader(deps: MailboxReaderDeps): MailboxReader {
  const { db, config, clock, logger, onComplaint } = deps;
  if (!config.imapUrl) throw new Error('IMAP_URL is not set');
  const box = mailboxOf(config.imapUrl);
  const cursorKey = `${box.host.toLowerCase()}/${box.path}`;
  const status = { lastPollAt: null as Date | null, lastError: null as string | null };
  // A report that came to a VERP address names its mail (docs/mail.md, "Bounces").
  const verpCheck = config.bounceAddress
    ? { bounceAddress: config.bounceAddress, key: bounceTokenKey(config.sessionSecret) }
    : undefined;

  async function saveCursor(uidValidity: string, lastUid: number) {
    const now = clock.now();
    await writeTransaction(db, (tx) =>
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

  // Each poll is a span when tracing is on (docs/operations.md, "Traces"): counts, no mail.
  const pollOnce = () =>
    inSpan('mailbox.poll', { 'mailbox.host': box.host }, async (span) => {
      const result = await pollMailbox();
      span.set({ ...result });
      return result;
    });

  async function pollMailbox(): Promise<PollResult> {
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
        const opened = client.mailbox;
        if (!opened) throw new Error(`mailbox ${box.path} did not open`);
        const uidValidity = String(opened.uidValidity);
        const cursor = await db
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
            const uidKey = `imap-${uidValidity}-${message.uid}@${box.host}`;
            let parsed: ParsedMail;
            try {
              parsed = await simpleParser(message.source);
            } catch (error) {
              // One mail never stops the reader (docs/leads.md, "Answers by e-mail"): too many
              // parts (EMAXLEN), malformed. Kept for the admin as an unreadable report, and
              // passed over; the mail after it is read as usual.
              const reason = error instanceof Error ? error.message : String(error);
              logger.error('lead.mail_unreadable', { uid: message.uid, error: reason });
              await takeMailboxReport(
                { db, logger, onComplaint },
                { kind: 'unreadable', reason: `the mail could not be read: ${reason}` },
                { key: uidKey, raw: message.source },
                clock.now(),
              );
              result.reports++;
              lastUid = message.uid;
              continue;
            }
            const mailId = messageIds(parsed.messageId)[0] ?? uidKey;
            // A bounce or a complaint is never a person's answer.
            const report = await takeMailboxReport(
              { db, logger, onComplaint },
              await readDeliveryReport(message.source, verpCheck),
              { key: mailId, raw: message.source },
              clock.now(),
            );
            if (report !== 'other') {
              result.reports++;
              lastUid = message.uid;
              continue;
            }
            const taken = await deps.onMail(
              {
                mailId,
                threadIds: [...messageIds(parsed.inReplyTo), ...messageIds(parsed.references)],
                from: parsed.from?.value[0]?.address ?? null,
                text: parsed.text ?? '',
              },
              clock.now(),
            );
            result[taken]++;
            lastUid = message.uid;
          }
        }
        if (!cursor || cursor.uidValidity !== uidValidity || cursor.lastUid !== lastUid) {
          await saveCursor(uidValidity, lastUid);
        }
      } finally {
        lock.release();
      }
      await client.logout();
      status.lastError = null;
      if (result.stored > 0) logger.info('lead.answers_taken', { answers: result.stored });
    } catch (error) {
      client.close();
      // The host only: the URL holds the password. The server's words without any secret.
      status.lastError = withoutSecrets(
        error instanceof Error ? error.message : String(error),
        configuredSecrets(config),
      );
      logger.error('lead.mailbox_failed', { host: box.host, error: loggableError(error) });
    } finally {
      status.lastPollAt = clock.now();
    }
    return result;
  }

  let timer: NodeJS.Timeout | null = null;
  let polling: Promise<unknown> = Promise.resolve();
  let stopped = false;

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      polling = pollOnce().finally(schedule);
    }, config.imapPollSeconds * 1000);
    timer.unref();
  }

  const poller: MailboxReader = {
    pollOnce,
    status,
    start() {
      running.set(db, poller);
      polling = pollOnce().finally(schedule);
    },
    async stop() {
      stopped = true;
      if (running.get(db) === poller) running.delete(db);
      if (timer) clearTimeout(timer);
      await polling;
    },
  };
  return poller;
}
