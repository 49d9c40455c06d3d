/**
 * The calendar part of a booking's mails (docs/booking.md): one VEVENT that mail programs
 * (Gmail, Outlook, Apple Mail) show as an invitation with its buttons, and that the "Add to
 * calendar" file carries too. One UID per booking for its whole life: a reschedule sends
 * REQUEST with SEQUENCE one higher, so the entry moves; a cancellation sends CANCEL with
 * STATUS:CANCELLED and SEQUENCE one higher, so it disappears, never doubles.
 *
 * Written by ical-generator, which folds long lines and escapes `,` `;` `\` and line breaks in
 * property values (SUMMARY, LOCATION, DESCRIPTION), so no text can add a property of its own,
 * and puts parameter values (the people's CN) in DQUOTEs, so `:` `;` `,` stay inside them. A
 * DQUOTE it escapes as `\"`, which RFC 5545 does not know: readers end the value there, and a
 * visitor's name could add parameters (`RSVP=TRUE`, `ROLE=CHAIR`). `parameterText` keeps it
 * out (docs/booking.md, "Mails and calendar invitations").
 */
import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from 'ical-generator';

export type InvitationMethod = 'REQUEST' | 'CANCEL';

export interface InvitationInput {
  method: InvitationMethod;
  /** `bookingUid(id, SITE_URL)`: the same for every mail of one booking. */
  uid: string;
  /** 0 when booked, one higher at each reschedule or cancellation. */
  sequence: number;
  start: Date;
  end: Date;
  /** "Free call with Harbor Lane AI Engineering". */
  summary: string;
  location: string;
  /** Plain text under the event: the manage link, the visitor's note. */
  description: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  /** When this version was made (DTSTAMP). */
  stamp: Date;
}

/** A booking's UID: its id on the site's host, unique to this site and stable for its life. */
export function bookingUid(id: number, siteUrl: string): string {
  return `booking-${id}@${new URL(siteUrl).hostname}`;
}

/**
 * A text as a parameter value (RFC 5545 3.1): a DQUOTE cannot appear in one at all, so it
 * becomes `'`; control and line-break characters, which it cannot hold either (ical-generator
 * would write `\n`, which is no escape in a parameter), become one space.
 */
export function parameterText(text: string): string {
  return text.replaceAll('"', "'").replace(/[\p{Cc}\u0085\u2028\u2029]+/gu, ' ');
}

/** The iCalendar text (RFC 5545) of one version of a booking. */
export function bookingInvitation(input: InvitationInput): string {
  const calendar = ical({
    // Written as given (not escaped): so no name of anyone's in it.
    prodId: '//Booking//Invitation//EN',
    method: input.method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: input.uid,
    sequence: input.sequence,
    stamp: input.stamp,
    start: input.start,
    end: input.end,
    summary: input.summary,
    location: input.location,
    description: input.description,
    status: input.method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: parameterText(input.organizer.name), email: input.organizer.email },
    attendees: [
      {
        name: parameterText(input.attendee.name),
        email: input.attendee.email,
        role: ICalAttendeeRole.REQ,
        // The time was chosen by the visitor: nothing left to accept, so no RSVP buttons.
        status: ICalAttendeeStatus.ACCEPTED,
        rsvp: false,
      },
    ],
  });
  return calendar.toString();
}
