/**
 * The "Add to calendar" file of a booked call (RFC 5545), written in the browser from the
 * booking's answer: times in UTC, so every calendar shows them in its own zone. It carries the
 * mailed invitation's UID (src/server/booking/invitation.ts) at SEQUENCE 0, so a calendar given
 * both keeps one entry, and the mailed moves and cancellations (higher SEQUENCE) update it.
 */
import { compactUtc } from '#shared/calendar-links';

export interface CalendarCall {
  start: string;
  end: string;
  location: string;
  summary: string;
  /** The booking's UID, as in its mailed invitation. */
  uid: string;
  /** When the file was made (DTSTAMP). */
  stamp: Date;
}

/** TEXT values escape `\`, `;`, `,` and line breaks, so no value can start a property. */
function text(value: string): string {
  return value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n|\r/g, '\\n');
}

/** Lines longer than 75 octets go on in lines that start with a space, never inside a character. */
function fold(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets; each next one 74 after its leading space.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function calendarFile(call: CalendarCall): string {
  const start = new Date(call.start);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Booking//Add to calendar//EN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${call.uid}`,
    'SEQUENCE:0',
    `DTSTAMP:${compactUtc(call.stamp)}`,
    `DTSTART:${compactUtc(start)}`,
    `DTEND:${compactUtc(new Date(call.end))}`,
    `SUMMARY:${text(call.summary)}`,
    `LOCATION:${text(call.location)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** The file as a link's address, for `<a download>`: no object URL to revoke later. */
export function calendarFileHref(call: CalendarCall): string {
  return `data:text/calendar;charset=utf-8,${encodeURIComponent(calendarFile(call))}`;
}
