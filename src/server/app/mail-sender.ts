/**
 * The background sender and its one list of mail jobs (docs/decisions/0044). The loop
 * (platform/mail-loop.ts) knows no kind of mail; each feature keeps its own queue and job, and
 * this list, the one place that knows them all, says which run and in what order: the outbox
 * first (docs/mail.md: sign-in codes, notices, booking mails, confirmations, newsletters, the
 * welcome sequence's steps; its bulk rows at the shared bulk pace), then the queues not yet
 * folded into it: mail to one person (a lead's reply, then a call's reminder), not held to
 * the bulk pace, then the newsletters' hand-over, which tops the outbox up with a window of
 * recipients' mails, then the welcome sequence's job, which writes each step into the outbox
 * as it falls due.
 */
import type { Db } from '#db';
import type { Clock } from '#server/platform/clock';
import type { Config } from '#server/platform/config';
import type { Logger } from '#server/platform/logger';
import type { Mailer } from '#server/platform/mail';
import { createMailLoop, type MailJobMaker, type MailSender } from '#server/platform/mail-loop';
import type { SiteSettingsConfig } from '#server/platform/site-settings';
import { outboxJob } from '#server/platform/outbox/outbox-job';
import { replyJob } from '#server/leads/replies/reply-job';
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
  outboxJob,
  replyJob,
  reminderJob,
  newsletterJob,
  sequenceJob,
];

export function createMailSender(deps: SenderDeps, opts: { id?: string } = {}): MailSender {
  return createMailLoop(deps, MAIL_JOBS, opts);
}
