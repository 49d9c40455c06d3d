/**
 * The mails of a booking's change (docs/booking.md, "Mails"), sent after the answer: to the
 * visitor and, when CONTACT_NOTIFY_TO is set, to the owner, each with the invitation's
 * calendar part. Every version carries the booking's one UID and its current SEQUENCE, so
 * a calendar moves or removes its entry instead of adding a second.
 */
import type { Db } from '#db';
import { eq } from 'drizzle-orm';
import { leads, type BookingRow } from '#db/schema';
import { DIRECT_SOURCE } from '#shared/lead-pipeline';
import type { Config } from '#server/platform/config';
import type { Logger } from '#server/platform/logger';
import { type Mailer } from '#server/platform/mail';
import { sendInBackground } from '#server/mail/outbox/send-mail';
import {
  renderOwnerBookingEmail,
  renderVisitorBookingEmail,
  type BookingChange,
} from './booking-email';
import { bookingInvitation, bookingUid } from './invitation';
import { tokenLink } from '#server/platform/tokens';
import { type SiteSettingsConfig } from '#server/site/site-settings';
import { mailSite, type MailSite } from '#server/site/site-brand';
import { notifyOwner } from '#server/mail/owner-notice';
import { callTitle } from '#shared/calendar-links';

export interface NotifyDeps {
  db: Db;
  config: Pick<Config, 'replyTo' | 'contactNotifyTo'> & SiteSettingsConfig;
  mailer: Mailer;
  logger: Logger;
  clock: { now(): Date };
}

/** The visitor's page to move or cancel their call. */
export function manageUrl(siteUrl: string, token: string): string {
  return tokenLink(siteUrl, '/booking/manage', token);
}

/** The call's lead and its source, for the owner's notice; null once the lead is erased. */
async function leadOf(
  db: Db,
  leadId: number | null,
): Promise<{ id: number; source: string } | null> {
  if (leadId === null) return null;
  const lead = await db
    .select({ id: leads.id, source: leads.source })
    .from(leads)
    .where(eq(leads.id, leadId))
    .get();
  return lead ? { id: lead.id, source: lead.source ?? DIRECT_SOURCE } : null;
}

export function notifyBooking(
  deps: NotifyDeps,
  booking: BookingRow,
  change: Exclude<BookingChange, 'reminder'>,
  details: {
    /** The owner's zone: the owner's notice is written in it, the visitor's mails when the booking holds no zone of theirs. */
    timeZone: string;
    /** Known when the visitor's request carried it (booked, moved by its link). */
    token: string | null;
    cancelledBy?: 'visitor' | 'owner';
    reason?: string | null;
  },
): void {
  const { config } = deps;
  const stamp = deps.clock.now();
  /**
   * One recipient's mail and calendar part. The manage link is the visitor's alone: the
   * owner's copy (its text, its HTML and its .ics) goes without it, since anyone who can read
   * the owner's mailbox or calendar could otherwise move or cancel every call.
   */
  const mails = (to: 'visitor' | 'owner', { name, address }: MailSite) => {
    const link =
      to === 'owner' || change === 'cancelled' || details.token === null
        ? null
        : manageUrl(address, details.token);
    const input = {
      change,
      siteName: name,
      siteUrl: address,
      start: booking.start,
      end: booking.end,
      timeZone: details.timeZone,
      visitorTimeZone: booking.visitorTimezone,
      location: booking.location,
      visitor: booking,
      manageUrl: link,
      cancelledBy: details.cancelledBy,
      reason: details.reason ?? null,
    };
    const method = change === 'cancelled' ? ('CANCEL' as const) : ('REQUEST' as const);
    const ics = bookingInvitation({
      method,
      uid: bookingUid(booking.id, address),
      sequence: booking.sequence,
      start: booking.start,
      end: booking.end,
      summary: callTitle(name),
      location: booking.location,
      description: link ? `Reschedule or cancel: ${link}` : '',
      organizer: { name, email: config.replyTo },
      attendee: { name: booking.name, email: booking.email },
      stamp,
    });
    return { input, calendar: { method, ics } };
  };
  const fields = { bookingId: booking.id, change };
  sendInBackground(
    deps,
    'booking',
    async () => {
      const { input, calendar } = mails('visitor', await mailSite(deps));
      return {
        to: booking.email,
        replyTo: config.replyTo,
        ...renderVisitorBookingEmail(input),
        calendar,
      };
    },
    { failed: 'booking.visitor_notify_failed', fields },
  );
  notifyOwner(
    deps,
    'booking',
    async (owner, site) => {
      const { input, calendar } = mails('owner', site);
      return {
        to: owner,
        replyTo: booking.email,
        ...renderOwnerBookingEmail({ ...input, lead: await leadOf(deps.db, booking.leadId) }),
        calendar,
      };
    },
    { failed: 'booking.owner_notify_failed', fields },
  );
}
