/**
 * Sends one due reminder, if there is one: claimed, mailed to the visitor, settled
 * (reminder-queue.ts). The background sender (platform/mail-loop.ts, reminder-job.ts) takes a turn here after
 * a lead's reply and before each newsletter mail, so one loop per instance sends every queued
 * mail. A reminder is never retried: a second try could be a second reminder.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '#db';
import { bookings } from '#db/schema';
import type { Clock } from '#server/platform/clock';
import type { Config } from '#server/platform/config';
import type { Logger } from '#server/platform/logger';
import { withoutAddresses, type Mailer } from '#server/platform/mail';
import { renderVisitorBookingEmail } from './booking-email';
import { claimNextReminder, hasDueReminder, recordReminderOutcome } from './reminder-queue';
import { readBookingSettings } from './settings';
import { type SiteSettingsConfig } from '#server/platform/site-settings';
import { mailSite } from '#server/platform/site-brand';

export interface ReminderDeps {
  db: Db;
  config: Pick<Config, 'replyTo'> & SiteSettingsConfig;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
}

/** Answers whether a reminder was settled (sent or failed). */
export async function sendDueReminder(deps: ReminderDeps, senderId: string): Promise<boolean> {
  const { db, config, mailer, clock, logger } = deps;
  const now = clock.now();
  if (!(await hasDueReminder(db, now))) return false;
  const reminder = await claimNextReminder(db, { now, claimedBy: senderId });
  if (!reminder) return false;
  const booking = await db.select().from(bookings).where(eq(bookings.id, reminder.bookingId)).get();
  let outcome: { kind: 'sent'; at: Date } | { kind: 'failed'; error: string };
  try {
    if (!booking) throw new Error('the booking was erased');
    // The visitor's zone when their booking holds one, else the owner's: as in the
    // confirmation the visitor already has.
    const site = await mailSite(deps);
    const { timezone } = await readBookingSettings(db, site.timeZone);
    const mail = renderVisitorBookingEmail({
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
    });
    await mailer.send({ to: booking.email, replyTo: config.replyTo, ...mail });
    outcome = { kind: 'sent', at: clock.now() };
  } catch (error) {
    const described = withoutAddresses(error instanceof Error ? error.message : String(error));
    outcome = { kind: 'failed', error: described };
    logger.error('booking.reminder_failed', { reminderId: reminder.id, error: described });
  }
  await recordReminderOutcome(db, reminder, senderId, outcome);
  if (outcome.kind === 'sent') logger.info('booking.reminder_sent', { reminderId: reminder.id });
  return true;
}
