/**
 * "Add to Google Calendar" and "Outlook" links for a booked call (docs/booking.md, "Mails and
 * calendar invitations"): the visitor's confirmation mail and the picker's confirmation both
 * offer them beside the invitation's `.ics` file, for a visitor whose mail program does not
 * open it. One function builds both, so the two never disagree on the call.
 */

export interface CalendarLinkCall {
  title: string;
  start: Date;
  end: Date;
  location: string;
  /** The event's notes, e.g. where the call is and the manage link. */
  details: string;
}

export interface CalendarLinks {
  google: string;
  outlook: string;
}

/** The call's title in every calendar: the invitation's SUMMARY, these links, the .ics file. */
export function callTitle(siteName: string): string {
  return `Free call with ${siteName}`;
}

/**
 * "20260602T080000Z": a UTC time without separators or milliseconds, as Google's `dates` and
 * iCalendar (the picker's .ics file) write it.
 */
export function compactUtc(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/**
 * Spaces as %20, not URLSearchParams' `+`: Outlook's compose page shows a `+` as it is, so a
 * title would read "Free+call+with…".
 */
function query(params: [string, string][]): string {
  return params.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&');
}

export function calendarLinks(call: CalendarLinkCall): CalendarLinks {
  const google = query([
    ['action', 'TEMPLATE'],
    ['text', call.title],
    ['dates', `${compactUtc(call.start)}/${compactUtc(call.end)}`],
    ['details', call.details],
    ['location', call.location],
  ]);
  const outlook = query([
    ['path', '/calendar/action/compose'],
    ['rru', 'addevent'],
    ['subject', call.title],
    ['startdt', call.start.toISOString()],
    ['enddt', call.end.toISOString()],
    ['body', call.details],
    ['location', call.location],
  ]);
  return {
    google: `https://calendar.google.com/calendar/render?${google}`,
    outlook: `https://outlook.live.com/calendar/0/deeplink/compose?${outlook}`,
  };
}
