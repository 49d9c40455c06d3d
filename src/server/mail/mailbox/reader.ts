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
 * One look at the mailbox is poll.ts; this file keeps the reader running and its status.
 */
import type { Db } from '#db';
import type { Config } from '#server/platform/config';
import { inSpan } from '#server/platform/spans';
import { bounceTokenKey } from '#server/platform/keys';
import type { SecretsConfig } from '#server/platform/secrets';
import {
  pollMailbox,
  type Mailbox,
  type MailboxPollDeps,
  type MailboxReading,
  type PollResult,
} from './poll';

export interface MailboxReaderDeps extends MailboxPollDeps {
  config: Pick<Config, 'imapUrl' | 'imapPollSeconds' | 'bounceAddress' | 'sessionSecret'> &
    SecretsConfig;
}

export interface MailboxReader {
  /** One look at the mailbox: what tests call directly. */
  pollOnce(): Promise<PollResult>;
  start(): void;
  stop(): Promise<void>;
  /** The last poll's time and error, for the admin. */
  readonly status: { lastPollAt: Date | null; lastError: string | null };
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
  const { db, config } = deps;
  if (!config.imapUrl) throw new Error('IMAP_URL is not set');
  const box = mailboxOf(config.imapUrl);
  const status = { lastPollAt: null as Date | null, lastError: null as string | null };
  const reading: MailboxReading = {
    deps,
    box,
    cursorKey: `${box.host.toLowerCase()}/${box.path}`,
    // A report that came to a VERP address names its mail (docs/mail.md, "Bounces").
    verpCheck: config.bounceAddress
      ? { bounceAddress: config.bounceAddress, key: bounceTokenKey(config.sessionSecret) }
      : undefined,
    status,
  };

  // Each poll is a span when tracing is on (docs/operations.md, "Traces"): counts, no mail.
  const pollOnce = () =>
    inSpan('mailbox.poll', { 'mailbox.host': box.host }, async (span) => {
      const result = await pollMailbox(reading);
      span.set({ ...result });
      return result;
    });

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
