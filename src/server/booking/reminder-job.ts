/**
 * Calls' reminders as a mail job of the background sender (mail/outbox/mail-loop.ts, the list in
 * app/mail-sender.ts), after the outbox: each turn hands the next due reminder over to the
 * outbox (reminder-queue.ts, `handOverNextReminder`), which sends it at its next turn, retries
 * a temporary failure and suppresses an address refused for good (docs/mail.md). The mail is
 * written from the booking as it is at that moment, in the visitor's zone when their booking
 * holds one, else the owner's, as in the confirmation the visitor already has. A mail still
 * waiting in the outbox when its call begins is withdrawn first (late-reminders.ts).
 */
import type { Db } from '#db';
import type { Clock } from '#server/platform/clock';
import type { Config } from '#server/platform/config';
import type { Logger } from '#server/platform/logger';
import type { MailJob, TurnOutcome } from '#server/mail/outbox/mail-loop';
import { mailSite } from '#server/site/site-brand';
import type { SiteSettingsConfig } from '#server/site/site-settings';
import { renderVisitorBookingEmail } from './booking-email';
import { hasLateReminder, withdrawLateReminders } from './late-reminders';
import {
  CALL_BEGUN_ERROR,
  handOverNextReminder,
  hasDueReminder,
  type RemindedBooking,
} from './reminder-queue';
import { readBookingSettings } from './settings';

export interface ReminderDeps {
  db: Db;
  config: Pick<Config, 'replyTo'> & SiteSettingsConfig;
  clock: Clock;
  logger: Logger;
}

export function reminderJob(deps: ReminderDeps): MailJob {
  const { db, config, logger } = deps;

  async function turn(now: Date): Promise<TurnOutcome> {
    if ((await hasLateReminder(db, now)) && (await withdrawLateReminders(db, now)) > 0) {
      logger.info('booking.reminders_withdrawn', { reason: CALL_BEGUN_ERROR });
      return { kind: 'worked' };
    }
    if (!(await hasDueReminder(db, now))) return { kind: 'idle' };
    const site = await mailSite(deps);
    const { timezone } = await readBookingSettings(db, site.timeZone);
    const compose = (booking: RemindedBooking) => ({
      to: booking.email,
      replyTo: config.replyTo,
      ...renderVisitorBookingEmail({
        change: 'reminder',
        siteName: site.name,
        siteUrl: site.address,
        start: booking.start,
        end: booking.end,
        timeZone: timezone,
        visitorTimeZone: booking.visitorTimezone,
        location: booking.location,
        visitor: booking,
        manageUrl: null,
      }),
    });
    const done = await handOverNextReminder(db, now, compose);
    if (done.kind === 'none') return { kind: 'idle' };
    if (done.kind === 'handed') {
      logger.info('booking.reminder_queued', { reminderId: done.reminderId, mailId: done.mailId });
    } else if (done.kind === 'unsent') {
      logger.info('booking.reminder_unsent', { reminderId: done.reminderId, reason: done.reason });
    }
    return { kind: 'worked' };
  }

  // Nothing is held between turns: a reminder is handed over in the write that takes it.
  return { recover: () => Promise.resolve(), turn };
}
