import { useEffect, useRef } from 'react';
import { calendarLinks, callTitle } from '#shared/calendar-links';
import { meetingText, type Slot } from '#shared/meeting-time';
import { buttonClass } from '#shared/ui-styles';
import { calendarFileHref } from './calendar-file';
import { PICKER_TEXTS as T } from './picker-texts';

export interface BookedCall extends Slot {
  location: string;
  /** The mailed invitation's UID; absent only in the answer a bot is given. */
  uid?: string;
}

/**
 * What the visitor sees once the call is booked: when (in their chosen zone, named), where, that
 * the invitation is mailed, and the call as a file for their calendar or as a new event in
 * Google Calendar or Outlook on the web. It takes the focus: the form it replaces had it.
 */
export function BookingConfirmation({
  call,
  zone,
  email,
  siteName,
}: {
  call: BookedCall;
  zone: string;
  email: string;
  siteName: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  const title = callTitle(siteName);
  const href = calendarFileHref({
    ...call,
    summary: title,
    uid: call.uid ?? `call-${call.start}@${window.location.hostname}`,
    stamp: new Date(),
  });
  // The manage link is only in the mail (its token is never in the page): the place alone.
  const links = calendarLinks({
    title,
    start: new Date(call.start),
    end: new Date(call.end),
    location: call.location,
    details: call.location ? `${T.where}: ${call.location}` : '',
  });
  // All three as the same bordered button: a ghost one's muted grey on the green box read
  // as disabled.
  const calendarButton = buttonClass('secondary', 'md');
  return (
    <div
      ref={box}
      tabIndex={-1}
      className="mt-4 grid gap-3 rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-emerald-900 outline-none dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100"
    >
      <p className="font-semibold">{T.booked}</p>
      <p>{meetingText(new Date(call.start), new Date(call.end), zone)}</p>
      {call.location ? (
        <p>
          {T.where}: {call.location}
        </p>
      ) : null}
      <p>
        {T.mailed} {email}.
      </p>
      <div className="flex flex-wrap gap-2">
        <a href={href} download="call.ics" className={calendarButton}>
          {T.addToCalendar}
        </a>
        <a href={links.google} target="_blank" rel="noopener noreferrer" className={calendarButton}>
          {T.addToGoogle}
        </a>
        <a
          href={links.outlook}
          target="_blank"
          rel="noopener noreferrer"
          className={calendarButton}
        >
          {T.addToOutlook}
        </a>
      </div>
    </div>
  );
}
