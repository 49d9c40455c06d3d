/**
 * The work the server does beside answering requests, started once it listens (server.ts),
 * each part with its stop registered where it starts (platform/shutdown.ts, docs/operations.md,
 * "Running under a process manager"): asked to stop taking work with the pre-stop tasks,
 * waited for with the cleanup tasks, before the database closes.
 */
import type { Db } from '#db';
import type { Clock } from '#server/platform/clock';
import type { Config } from '#server/platform/config';
import type { Logger } from '#server/platform/logger';
import type { Mailer } from '#server/platform/mail';
import type { ShutdownTasks } from '#server/platform/shutdown';
import { createAnswerPoller } from '#server/leads/answers/poller';
import { startPruning } from '#server/maintenance/prune';
import { startBackups } from '#server/backups/schedule';
import { createMailSender } from './mail-sender';

export interface BackgroundDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
}

export function startBackgroundWork(deps: BackgroundDeps, shutdown: ShutdownTasks): void {
  const { db, config, mailer, clock, logger } = deps;
  // Every mail goes out through the one outbox sender, from every instance (docs/mail.md).
  // Without a way to deliver (production without SMTP_URL) queued mail waits untouched. The
  // mail in hand is finished and recorded before the database closes.
  const sender = createMailSender(deps);
  if (mailer.canDeliver) sender.start();
  shutdown.registerStop('mail sender', () => sender.stop());
  // Leads' answers are read from the owner's mailbox when IMAP_URL names one (docs/leads.md).
  if (config.imapUrl) {
    const answers = createAnswerPoller(deps);
    answers.start();
    shutdown.registerStop('answers poller', () => answers.stop(), { share: 0.25 });
  }
  const pruning = startPruning(db, config, clock, logger);
  shutdown.registerStop('prune timer', () => pruning.stop(), { share: 0.25 });
  // Scheduled, verified backups of the embedded file; marks the file as served (docs/operations.md).
  const backups = startBackups(deps);
  shutdown.registerStop('backups', () => backups.stop());
}
