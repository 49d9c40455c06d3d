/**
 * The background sender and its one list of mail jobs (docs/decisions/0044). The loop
 * (mail/outbox/mail-loop.ts) knows no kind of mail; every mail goes through the outbox, and
 * this list, the one place that knows them all, says which run and in what order: the outbox
 * first (docs/mail.md: sign-in codes, notices, booking mails, leads' replies, calls'
 * reminders, confirmations, newsletters, the welcome sequence's steps; its bulk rows at the
 * shared bulk pace), then the jobs that write into it as mail falls due: the calls' reminders'
 * hand-over at each reminder's moment, invoices' payment reminders from 09:00 on their days
 * (docs/invoices.md), the newsletters' hand-over, which tops the outbox up
 * with a window of recipients' mails, and the welcome sequence's steps.
 */
import type { Db } from '#db';
import type { Clock } from '#server/platform/clock';
import type { Config } from '#server/platform/config';
import type { Logger } from '#server/platform/logger';
import type { Mailer } from '#server/platform/mail';
import { createMailLoop, type MailJobMaker, type MailSender } from '#server/mail/outbox/mail-loop';
import type { SiteSettingsConfig } from '#server/site/site-settings';
import { outboxJob } from '#server/mail/outbox/outbox-job';
import { reminderJob } from '#server/booking/reminder-job';
import { invoiceReminderJob } from '#server/invoices/reminder-job';
import { newsletterJob } from '#server/newsletter/newsletter-job';
import { sequenceJob } from '#server/newsletter/sequence/sequence-job';

export interface SenderDeps {
  db: Db;
  config: Pick<Config, 'sessionSecret' | 'bulkRatePerMinute' | 'replyTo' | 'bounceAddress'> &
    SiteSettingsConfig;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
}

const MAIL_JOBS: MailJobMaker<SenderDeps>[] = [
  outboxJob,
  reminderJob,
  invoiceReminderJob,
  newsletterJob,
  sequenceJob,
];

export function createMailSender(deps: SenderDeps, opts: { id?: string } = {}): MailSender {
  return createMailLoop(deps, MAIL_JOBS, opts);
}
