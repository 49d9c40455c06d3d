import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { bookingInvitation, bookingUid, type InvitationInput } from './invitation';

const base: InvitationInput = {
  method: 'REQUEST',
  uid: bookingUid(42, 'https://harbor.example/'),
  sequence: 0,
  start: new Date('2026-03-30T08:00:00Z'),
  end: new Date('2026-03-30T08:30:00Z'),
  summary: 'Free call with Harbor Lane AI Engineering',
  location: 'https://meet.example/harbor',
  description: 'Change or cancel: https://harbor.example/booking/manage?token=abc',
  organizer: { name: 'Harbor Lane AI Engineering', email: 'dana@harbor.example' },
  attendee: { name: 'Helen Marsh', email: 'helen@example.com' },
  stamp: new Date('2026-03-20T10:00:00Z'),
};

/** A mailto: address as calendars compare it (the scheme's case does not matter). */
const mailto = (value: unknown) => String(value).replace(/^mailto:/i, 'mailto:');

/** The invitation as a calendar program reads it, through ical.js (Mozilla's parser). */
function read(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT');
  const event = new ICAL.Event(vevent);
  const attendee = vevent.getFirstProperty('attendee');
  return {
    method: calendar.getFirstPropertyValue('method'),
    events: calendar.getAllSubcomponents('vevent').length,
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    utc: event.startDate.zone?.tzid === 'UTC' && event.endDate.zone?.tzid === 'UTC',
    summary: event.summary,
    location: event.location,
    description: event.description,
    status: vevent.getFirstPropertyValue('status'),
    organizer: mailto(vevent.getFirstPropertyValue('organizer')),
    attendee: mailto(attendee?.getFirstValue()),
    attendeeName: attendee?.getParameter('cn'),
    organizerName: vevent.getFirstProperty('organizer')?.getParameter('cn'),
    attendeeStatus: attendee?.getParameter('partstat'),
    properties: vevent.getAllProperties().map((p) => p.name),
  };
}

describe('bookingInvitation', () => {
  it('is a REQUEST with one event: its UID, SEQUENCE, UTC times, company, place and people', () => {
    expect(read(bookingInvitation(base))).toMatchObject({
      method: 'REQUEST',
      events: 1,
      uid: 'booking-42@harbor.example',
      sequence: 0,
      start: '2026-03-30T08:00:00.000Z',
      end: '2026-03-30T08:30:00.000Z',
      utc: true,
      summary: 'Free call with Harbor Lane AI Engineering',
      location: 'https://meet.example/harbor',
      description: 'Change or cancel: https://harbor.example/booking/manage?token=abc',
      status: 'CONFIRMED',
      organizer: 'mailto:dana@harbor.example',
      attendee: 'mailto:helen@example.com',
      attendeeName: 'Helen Marsh',
      attendeeStatus: 'ACCEPTED',
    });
  });

  it('moves the same entry on a reschedule and removes it on a cancellation', () => {
    const moved = read(
      bookingInvitation({
        ...base,
        sequence: 1,
        start: new Date('2026-04-01T13:00:00Z'),
        end: new Date('2026-04-01T13:30:00Z'),
      }),
    );
    expect(moved).toMatchObject({
      method: 'REQUEST',
      uid: 'booking-42@harbor.example',
      sequence: 1,
      start: '2026-04-01T13:00:00.000Z',
    });
    const cancelled = read(bookingInvitation({ ...base, method: 'CANCEL', sequence: 2 }));
    expect(cancelled).toMatchObject({
      method: 'CANCEL',
      uid: 'booking-42@harbor.example',
      sequence: 2,
      status: 'CANCELLED',
    });
  });

  it("keeps a visitor's name and note inside their own values", () => {
    const text = bookingInvitation({
      ...base,
      attendee: { name: 'Eve\r\nATTENDEE:mailto:x@evil.example', email: 'eve@example.com' },
      description: 'Hello; world, \\ and\nSTATUS:CANCELLED',
    });
    const invitation = read(text);
    expect(invitation.status).toBe('CONFIRMED');
    expect(invitation.description).toBe('Hello; world, \\ and\nSTATUS:CANCELLED');
    expect(invitation.attendee).toBe('mailto:eve@example.com');
    expect(invitation.properties.filter((name) => name === 'attendee')).toHaveLength(1);
    expect(invitation.properties.filter((name) => name === 'status')).toHaveLength(1);
  });

  it('never lets a `"` in a visitor\'s name add a parameter to the ATTENDEE line (RFC 5545)', () => {
    const hostile = [
      'Eve" ;RSVP=TRUE;ROLE=CHAIR;DELEGATED-TO="mailto:x@evil.example',
      'Eve";RSVP=TRUE',
      'Eve"',
    ];
    for (const name of hostile) {
      for (const calendar of [
        bookingInvitation({ ...base, attendee: { name, email: 'eve@example.com' } }),
        bookingInvitation({
          ...base,
          method: 'CANCEL',
          attendee: { name, email: 'eve@example.com' },
        }),
      ]) {
        const vevent = new ICAL.Component(ICAL.parse(calendar)).getFirstSubcomponent('vevent')!;
        const attendees = vevent.getAllProperties('attendee');
        expect(attendees).toHaveLength(1);
        const [, parameters, , value] = attendees[0]!.toJSON() as [string, object, string, string];
        // Exactly the site's own parameters; the name (its `"` made `'`) is the CN's value.
        expect(parameters).toEqual({
          role: 'REQ-PARTICIPANT',
          partstat: 'ACCEPTED',
          rsvp: 'FALSE',
          cn: name.replaceAll('"', "'"),
        });
        expect(mailto(value)).toBe('mailto:eve@example.com');
      }
    }
  });

  it('keeps `:`, `;`, `,` and line breaks of a name inside its quoted CN', () => {
    const invitation = read(
      bookingInvitation({
        ...base,
        organizer: { name: 'Harbor "Lane"; AI, Engineering', email: 'dana@harbor.example' },
        attendee: { name: 'Marsh: Helen; Co, Ltd\nROLE=CHAIR\r\n', email: 'h@example.com' },
      }),
    );
    expect(invitation.attendeeName).toBe('Marsh: Helen; Co, Ltd ROLE=CHAIR ');
    expect(invitation.organizerName).toBe("Harbor 'Lane'; AI, Engineering");
    expect(invitation.attendee).toBe('mailto:h@example.com');
  });

  it('escapes SUMMARY, LOCATION and DESCRIPTION text: each reads back whole, no property added', () => {
    const text =
      'A "quote"; a, comma \\ backslash:\nSTATUS:CANCELLED\r\nATTENDEE:mailto:x@evil.example';
    const invitation = read(
      bookingInvitation({ ...base, summary: text, location: text, description: text }),
    );
    // A line break is written `\n`, and reads back as one.
    const readBack = text.replace('\r\n', '\n');
    expect([invitation.summary, invitation.location, invitation.description]).toEqual([
      readBack,
      readBack,
      readBack,
    ]);
    expect(invitation.status).toBe('CONFIRMED');
    expect(invitation.properties.filter((name) => name === 'attendee')).toHaveLength(1);
    expect(invitation.properties.filter((name) => name === 'status')).toHaveLength(1);
  });

  it("takes the UID's host from the site's address", () => {
    expect(bookingUid(7, 'https://www.harbor.example/path')).toBe('booking-7@www.harbor.example');
  });
});
