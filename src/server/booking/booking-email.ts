/**
 * The mails of a booking (docs/booking.md), to the visitor and to the owner, in the frame every
 * site mail shares; each carries the booking's calendar part (./invitation.ts), which the
 * sender adds. The times are written in words in a named zone (the visitor's, when the picker
 * gave it, else the owner's), so nobody has to guess whose 9 o'clock it is. As in every mail
 * that quotes a visitor, the site's own words and links come first and the visitor's after,
 * quoted and escaped.
 */
import { escapeHtml } from '#shared/escape-html';
import {
  emailDocument,
  mailButton,
  mailHeading,
  PARAGRAPH,
  plainLink,
  plainTextWithSignature,
  siteFooter,
  type RenderedEmail,
} from '#shared/mail/frame';
import { siteTimeText } from '#shared/mail/site-time';
import { calendarLinks, callTitle } from '#shared/calendar-links';
import { timeText, zoneName } from '#shared/meeting-time';
import { LIGHT, themedAttributes as attrs } from '#shared/mail/theme';
import { onOneLine } from '#shared/validation';

export type BookingChange = 'booked' | 'rescheduled' | 'cancelled' | 'reminder';

export interface BookingEmailInput {
  change: BookingChange;
  siteName: string;
  siteUrl: string;
  start: Date;
  end: Date;
  /** The owner's zone (the booking settings'): the owner's notice is written in it. */
  timeZone: string;
  /**
   * The zone the visitor's picker (or manage page, at a move) showed the times in: the
   * visitor's mails are written in it. Null: none was given, the owner's is used.
   */
  visitorTimeZone: string | null;
  location: string;
  visitor: { name: string; email: string; company: string | null; message: string | null };
  /**
   * The visitor's page to reschedule or cancel (never in a cancellation's mail). Null in a
   * reminder: the link's token is stored hashed only, so the reminder points to the
   * confirmation's link instead.
   */
  manageUrl: string | null;
  /** Who cancelled, and why when they said (a cancellation only). */
  cancelledBy?: 'visitor' | 'owner';
  /** The owner's notice only: the lead the call belongs to, and the source it is credited to. */
  lead?: { id: number; source: string } | null;
  reason?: string | null;
}

/** "Monday 30 March 2026, 09:00 to 09:30 BST" */
export function meetingTimeText(start: Date, end: Date, timeZone: string): string {
  const from = siteTimeText(start, timeZone);
  const until = siteTimeText(end, timeZone);
  // The end's own time: same day and zone in every booking (a meeting is at most 4 hours).
  const endTime = until.slice(until.lastIndexOf(', ') + 2, until.lastIndexOf(' '));
  const zone = from.slice(from.lastIndexOf(' ') + 1);
  return `${from.slice(0, from.lastIndexOf(' '))} to ${endTime} ${zone}`;
}

/**
 * The call's day, and its times with the zone named, in `zone`: "Monday 30 March 2026" and
 * "09:00 to 09:30 BST" (`short`, the owner's mails as always) or "04:00 to 04:30 Eastern
 * Daylight Time" (`long`, the name the visitor's picker showed: Intl's short name for New York
 * in en-GB is only "GMT-4").
 */
function callTime(
  start: Date,
  end: Date,
  zone: string,
  naming: 'short' | 'long',
): { day: string; hours: string } {
  const text = meetingTimeText(start, end, zone);
  const comma = text.lastIndexOf(', ');
  const hours = text.slice(comma + 2);
  return {
    day: text.slice(0, comma),
    hours:
      naming === 'short'
        ? hours
        : `${timeText(start, zone)} to ${timeText(end, zone)} ${zoneName(start, zone)}`,
  };
}

/**
 * When the call is, for one reader (docs/booking.md, "Mails and calendar invitations"): in
 * their zone, named, then, when the other side's zone is another, the same call in it in
 * brackets (its day only when that differs): "Monday 30 March 2026, 04:00 to 04:30 Eastern
 * Daylight Time (09:00 to 09:30 BST, our time)". `subject` is the first part alone.
 */
export function whenText(
  input: Pick<BookingEmailInput, 'start' | 'end' | 'timeZone' | 'visitorTimeZone'>,
  reader: 'visitor' | 'owner',
): { subject: string; line: string } {
  const { start, end, timeZone: owner, visitorTimeZone: visitor } = input;
  const ownerTime = callTime(start, end, owner, 'short');
  if (visitor === null || visitor === owner) {
    const text = `${ownerTime.day}, ${ownerTime.hours}`;
    return { subject: text, line: text };
  }
  const visitorTime = callTime(start, end, visitor, 'long');
  const [mine, theirs] = reader === 'visitor' ? [visitorTime, ownerTime] : [ownerTime, visitorTime];
  const subject = `${mine.day}, ${mine.hours}`;
  const other = theirs.day === mine.day ? theirs.hours : `${theirs.day}, ${theirs.hours}`;
  const whose = reader === 'visitor' ? 'our time' : "the visitor's time";
  return { subject, line: `${subject} (${other}, ${whose})` };
}

const VISITOR_HEADINGS: Record<BookingChange, string> = {
  booked: 'Your call is booked',
  rescheduled: 'Your call has moved',
  cancelled: 'Your call is cancelled',
  reminder: 'Your call is coming up',
};

/** The mail to the visitor who booked. */
export function renderVisitorBookingEmail(input: BookingEmailInput): RenderedEmail {
  const { subject: when, line: whenLine } = whenText(input, 'visitor');
  const heading = VISITOR_HEADINGS[input.change];
  const subjects: Record<BookingChange, string> = {
    booked: `Your call with ${input.siteName}: ${when}`,
    rescheduled: `Your call with ${input.siteName} has moved: ${when}`,
    cancelled: `Cancelled: your call with ${input.siteName}, ${when}`,
    reminder: `Reminder: your call with ${input.siteName}, ${when}`,
  };
  const cancelled = input.change === 'cancelled';
  const action = cancelled
    ? { label: 'Book another time', url: new URL('/#contact', input.siteUrl).href }
    : input.manageUrl
      ? { label: 'Reschedule or cancel', url: input.manageUrl }
      : null;
  const lines = [
    `When: ${whenLine}`,
    ...(cancelled ? [] : [`Where: ${input.location}`]),
    cancelled
      ? 'It has been taken out of your calendar.'
      : input.change === 'reminder'
        ? 'To reschedule or cancel, use the link in the e-mail that confirmed your booking, or reply to this one.'
        : 'The invitation is attached: open it to put the call in your calendar.',
  ];
  return render({
    input,
    subject: subjects[input.change],
    heading,
    lines,
    action,
    links: input.change === 'booked' ? addToCalendar(input) : [],
    // The owner's message to the visitor; a visitor's own reason is not sent back to them.
    quotes:
      input.reason && input.cancelledBy === 'owner'
        ? [[`A message from ${input.siteName}`, input.reason]]
        : [],
  });
}

/**
 * The confirmation's links to add the call to Google Calendar or Outlook (web), for a visitor
 * whose mail program does not open the attached invitation; the `.ics` stays attached.
 */
function addToCalendar(input: BookingEmailInput): { label: string; url: string }[] {
  const details = [
    `Where: ${input.location}`,
    ...(input.manageUrl ? [`Reschedule or cancel: ${input.manageUrl}`] : []),
  ].join('\n');
  const links = calendarLinks({
    title: callTitle(input.siteName),
    start: input.start,
    end: input.end,
    location: input.location,
    details,
  });
  return [
    { label: 'Add to Google Calendar', url: links.google },
    { label: 'Add to Outlook', url: links.outlook },
  ];
}

/** The notice to the owner (CONTACT_NOTIFY_TO), with Reply-To set to the visitor by the sender. */
export function renderOwnerBookingEmail(input: BookingEmailInput): RenderedEmail {
  const { subject: when, line: whenLine } = whenText(input, 'owner');
  const name = onOneLine(input.visitor.name);
  const headings: Record<BookingChange, string> = {
    booked: 'New call booked',
    rescheduled: 'Call moved',
    cancelled: 'Call cancelled',
    reminder: 'Call coming up',
  };
  const heading = headings[input.change];
  const lines = [
    `When: ${whenLine}`,
    `Where: ${input.location}`,
    `Name: ${name}`,
    `E-mail: ${input.visitor.email}`,
    `Company: ${input.visitor.company === null ? '-' : onOneLine(input.visitor.company)}`,
  ];
  if (input.lead) lines.push(`Source: ${onOneLine(input.lead.source)}`);
  const quotes: [string, string][] = [];
  if (input.visitor.message) quotes.push(['Their note', input.visitor.message]);
  if (input.reason) quotes.push(['Why it was cancelled', input.reason]);
  return render({
    input,
    subject: `${heading}: ${name}, ${when}`,
    heading,
    lines,
    // The lead holds the whole conversation (their message, replies, this call).
    action: input.lead
      ? {
          label: 'Open the lead',
          url: new URL(`/admin/leads/${input.lead.id}`, input.siteUrl).href,
        }
      : { label: 'Open the bookings', url: new URL('/admin/bookings', input.siteUrl).href },
    quotes,
  });
}

/** Links side by side in one paragraph, underlined as every link in the frame. */
function linksHtml(links: { label: string; url: string }[]): string {
  if (links.length === 0) return '';
  const anchors = links.map(
    (link) =>
      `<a href="${escapeHtml(link.url)}"${attrs('link', LIGHT, 'text-decoration:underline')}>${escapeHtml(link.label)}</a>`,
  );
  return `<p style="${PARAGRAPH}">${anchors.join(' &middot; ')}</p>`;
}

const ANY_LINE_BREAK = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/;

function render(parts: {
  input: BookingEmailInput;
  subject: string;
  heading: string;
  lines: string[];
  action: { label: string; url: string } | null;
  /** Links after the button (the confirmation's calendars). */
  links?: { label: string; url: string }[];
  /** The visitor's (or a canceller's) own words, after the site's: [label, text]. */
  quotes: [string, string][];
}): RenderedEmail {
  const { input, action } = parts;
  const subject = onOneLine(parts.subject);
  const p = LIGHT;
  const quoteHtml = parts.quotes
    .map(
      ([label, words]) =>
        `<p style="${PARAGRAPH}">${escapeHtml(label)}:</p>` +
        `<blockquote${attrs('quote', p, 'white-space:pre-wrap;margin:0 0 16px 4px;padding-left:12px;border-left:3px solid')}>` +
        `${escapeHtml(words).split(ANY_LINE_BREAK).join('<br>')}</blockquote>`,
    )
    .join('');
  const body =
    mailHeading(escapeHtml(parts.heading)) +
    parts.lines.map((line) => `<p style="${PARAGRAPH}">${escapeHtml(line)}</p>`).join('') +
    (action ? mailButton(action.url, escapeHtml(action.label), p) + plainLink(action.url, p) : '') +
    linksHtml(parts.links ?? []) +
    quoteHtml;
  const html = emailDocument({
    title: subject,
    scheme: 'auto',
    palette: p,
    body,
    footer: siteFooter(input.siteName, input.siteUrl, p),
  });
  const text = plainTextWithSignature(
    [
      parts.heading,
      '',
      ...parts.lines,
      ...(action ? ['', `${action.label}: ${action.url}`] : []),
      ...(parts.links?.length ? ['', ...parts.links.map((l) => `${l.label}: ${l.url}`)] : []),
      ...parts.quotes.flatMap(([label, words]) => [
        '',
        `${label}:`,
        ...words.split(ANY_LINE_BREAK).map((line) => (line ? `> ${line}` : '>')),
      ]),
    ],
    input.siteName,
    input.siteUrl,
  );
  return { subject, html, text };
}
