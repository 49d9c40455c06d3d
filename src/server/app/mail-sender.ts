/**
 * The background sender and its one list of mail jobs (docs/decisions/0044). The loop
 * (platform/mail-loop.ts) knows no kind of mail; each feature keeps its own queue and job, and
 * this list, the one place that knows them all, says which run and in what order: the outbox
 * first (docs/mail.md: sign-in codes, notices, booking mails, leads' replies, calls'
 * reminders, the welcome sequence's steps; its bulk rows at the shared bulk pace), then the
 * calls' reminders' job, which hands each reminder to the outbox at its moment, then the
 * newsletters (confirmations, then recipients), at their pace, then the welcome sequence's
 * job, which writes each step into the outbox as it falls due.
 */
import type { Db } from '#db';
import type { Clock } from '#server/platform/clock';
import type { Config } from '#server/platform/config';
import type { Logger } from '#server/platform/logger';
import type { Mailer } from '#server/platform/mail';
import { createMailLoop, type MailJobMaker, type MailSender } from '#server/platform/mail-loop';
import type { SiteSettingsConfig } from '#server/platform/site-settings';
import { outboxJob } from '#server/platform/outbox/outbox-job';
import { reminderJob } from '#server/booking/reminder-job';
import { newsletterJob } from '#server/newsletter/newsletter-job';
import { sequenceJob } from '#server/newsletter/sequence-job';

export interface SenderDeps {
  db: Db;
  config: Pick<Config, 'sessionSecret' | 'newsletterRatePerMinute' | 'replyTo' | 'bounceAddress'> &
    SiteSettingsConfig;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
}

const MAIL_JOBS: MailJobMaker<SenderDeps>[] = [
  // One job per line, so folding a queue into the outbox removes one line.
  outboxJob,
  reminderJob,
  newsletterJob,
  sequenceJob,
];

export function createMailSender(deps: SenderDeps, opts: { id?: string } = {}): MailSender {
  return createMailLoop(deps, MAIL_JOBS, opts);
}
