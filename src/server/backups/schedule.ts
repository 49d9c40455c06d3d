/**
 * What the running server does about backups (docs/operations.md, "Backups"), started by
 * app/background.ts, which registers its stop:
 * - on the embedded file it marks itself running (server-marker.ts), so `restore` refuses;
 * - with BACKUP_DIR or BACKUP_S3_URL it looks every few minutes whether a backup is due
 *   (BACKUP_EVERY_HOURS since the last good one; a failed one is tried again after an hour
 *   at most) and takes it under the lease; the timer never keeps the process alive;
 * - with DATABASE_URL it says once that the libSQL server's own backups apply.
 */
import { sqliteFileOf, type Db } from '#db';
import { markLive, markStopped, newSenderId } from '#server/platform/claim-owner';
import type { Clock } from '#server/platform/clock';
import type { Config } from '#server/platform/config';
import { loggableError, type Logger } from '#server/platform/logger';
import type { Mailer } from '#server/platform/mail';
import type { Due } from './lease';
import { markRunning } from './server-marker';
import { takeBackup } from './take-backup';

const HOUR = 60 * 60 * 1000;
/** The first look waits this long, so a start (and its /readyz) is not slowed by a copy. */
const FIRST_LOOK_MS = 60 * 1000;

export interface BackupScheduleDeps {
  db: Db;
  config: Pick<Config, 'backups' | 'database' | 'replyTo' | 'siteUrl' | 'sessionSecret'>;
  clock: Clock;
  logger: Logger;
  mailer: Mailer;
}

export function dueOf(everyHours: number): Due {
  const intervalMs = everyHours * HOUR;
  return { intervalMs, retryMs: Math.min(intervalMs, HOUR) };
}

/** How often the server looks whether a backup is due: often enough for short intervals. */
export function lookEveryMs(everyHours: number): number {
  return Math.max(5_000, Math.min(10 * 60 * 1000, (everyHours * HOUR) / 4));
}

export function startBackups(deps: BackupScheduleDeps): { stop(): Promise<void> } {
  const { config, logger } = deps;
  const file = sqliteFileOf(deps.db);
  if (!file) {
    if (config.backups) {
      logger.info('backup.libsql', {
        message:
          'BACKUP_* is set but DATABASE_URL names a libSQL server: its own backups apply (docs/operations.md, "Backups")',
      });
    }
    return { stop: async () => undefined };
  }
  const id = newSenderId();
  markLive(id);
  const unmark = file.name === ':memory:' ? () => undefined : markRunning(file.name, id);
  const backups = config.backups;
  let running: Promise<unknown> = Promise.resolve();
  let timers: NodeJS.Timeout[] = [];
  let stopped = false;
  if (backups) {
    const due = dueOf(backups.everyHours);
    const look = () => {
      if (stopped) return;
      running = takeBackup(
        {
          db: deps.db,
          backups,
          sessionSecret: config.sessionSecret,
          clock: deps.clock,
          logger,
          notify: { mailer: deps.mailer, to: config.replyTo, siteUrl: config.siteUrl },
        },
        due,
      ).catch((error: unknown) => logger.error('backup.failed', { error: loggableError(error) }));
    };
    const first = setTimeout(look, Math.min(FIRST_LOOK_MS, lookEveryMs(backups.everyHours)));
    const every = setInterval(() => void running.then(look), lookEveryMs(backups.everyHours));
    first.unref();
    every.unref();
    timers = [first, every];
  }
  return {
    async stop() {
      stopped = true;
      timers.forEach((t) => clearTimeout(t));
      // A backup in progress reads the database: it ends before the database closes.
      await running;
      unmark();
      markStopped(id);
    },
  };
}
