import { describe, expect, it } from 'vitest';
import {
  meetingTimeText,
  renderOwnerBookingEmail,
  renderVisitorBookingEmail,
  type BookingEmailInput,
} from './booking-email';

const booking: BookingEmailInput = {
  change: 'booked',
  siteName: 'Harbor Lane AI Engineering',
  siteUrl: 'https://harbor.example',
  // The Monday after London's clocks go forward: 09:00 BST.
  start: new Date('2026-03-30T08:00:00Z'),
  end: new Date('2026-03-30T08:30:00Z'),
  timeZone: 'Europe/London',
  visitorTimeZone: null,
  location: 'https://meet.example/harbor',
  visitor: {
    name: 'Helen Marsh',
    email: 'helen@example.com',
    company: 'Marsh & Co',
    message: 'About <b>RAG</b>\nand agents',
  },
  manageUrl: 'https://harbor.example/booking/manage?token=abc',
};

describe('meetingTimeText', () => {
  it('names the day, both times and the zone, in that zone', () => {
    expect(meetingTimeText(booking.start, booking.end, 'Europe/London')).toBe(
      'Monday 30 March 2026, 09:00 to 09:30 BST',
    );
    expect(meetingTimeText(booking.start, booking.end, 'America/New_York')).toBe(
      'Monday 30 March 2026, 04:00 to 04:30 GMT-4',
    );
  });
});

describe('the visitor’s mails', () => {
  it('confirms the time, place and manage link, and points to the invitation', () => {
    const mail = renderVisitorBookingEmail(booking);
    expect(mail.subject).toBe(
      'Your call with Harbor Lane AI Engineering: Monday 30 March 2026, 09:00 to 09:30 BST',
    );
    expect(mail.text.split('\n').slice(0, 8)).toEqual([
      'Your call is booked',
      '',
      'When: Monday 30 March 2026, 09:00 to 09:30 BST',
      'Where: https://meet.example/harbor',
      'The invitation is attached: open it to put the call in your calendar.',
      '',
      'Reschedule or cancel: https://harbor.example/booking/manage?token=abc',
      '',
    ]);
    expect(mail.html).toMatch(
      /<a href="https:\/\/harbor\.example\/booking\/manage\?token=abc"[^>]*>Reschedule or cancel<\/a>/,
    );
  });

  it('says a move and a reminder in their own words', () => {
    expect(renderVisitorBookingEmail({ ...booking, change: 'rescheduled' }).subject).toMatch(
      /^Your call with Harbor Lane AI Engineering has moved: Monday 30 March/,
    );
    const reminder = renderVisitorBookingEmail({ ...booking, change: 'reminder', manageUrl: null });
    expect(reminder.subject).toMatch(/^Reminder: your call with Harbor Lane AI Engineering, /);
    expect(reminder.text).toContain('use the link in the e-mail that confirmed your booking');
    expect(reminder.html).not.toContain('Reschedule or cancel</a>');
  });

  it("on a cancellation, offers another time and quotes the owner's message, never the manage link", () => {
    const mail = renderVisitorBookingEmail({
      ...booking,
      change: 'cancelled',
      cancelledBy: 'owner',
      reason: 'I am ill <sorry>',
    });
    expect(mail.subject).toMatch(/^Cancelled: your call with Harbor Lane AI Engineering, /);
    expect(mail.text).toContain('Book another time: https://harbor.example/#contact');
    expect(mail.text).toContain('A message from Harbor Lane AI Engineering:\n> I am ill <sorry>');
    expect(mail.html).toContain('I am ill &lt;sorry&gt;');
    expect(`${mail.text}${mail.html}`).not.toContain('token=abc');
    // A visitor's own reason is not mailed back to them.
    const own = renderVisitorBookingEmail({
      ...booking,
      change: 'cancelled',
      cancelledBy: 'visitor',
      reason: 'Found another firm',
    });
    expect(own.text).not.toContain('Found another firm');
  });
});

describe('in the visitor’s zone', () => {
  const fromNewYork = { ...booking, visitorTimeZone: 'America/New_York' };

  it('writes the visitor’s mails in their zone, named as the picker names it, ours in brackets', () => {
    const mail = renderVisitorBookingEmail(fromNewYork);
    expect(mail.subject).toBe(
      'Your call with Harbor Lane AI Engineering: Monday 30 March 2026, 04:00 to 04:30 Eastern Daylight Time',
    );
    expect(mail.text).toContain(
      'When: Monday 30 March 2026, 04:00 to 04:30 Eastern Daylight Time (09:00 to 09:30 BST, our time)',
    );
    for (const change of ['rescheduled', 'cancelled', 'reminder'] as const) {
      const other = renderVisitorBookingEmail({ ...fromNewYork, change, manageUrl: null });
      expect(other.subject).toMatch(/04:00 to 04:30 Eastern Daylight Time$/);
      expect(other.text).toContain('(09:00 to 09:30 BST, our time)');
    }
  });

  it('names the other day in brackets when the zones’ days differ', () => {
    const early = {
      ...booking,
      visitorTimeZone: 'America/Los_Angeles',
      start: new Date('2026-03-30T05:00:00Z'),
      end: new Date('2026-03-30T05:30:00Z'),
    };
    expect(renderVisitorBookingEmail(early).text).toContain(
      'When: Sunday 29 March 2026, 22:00 to 22:30 Pacific Daylight Time (Monday 30 March 2026, 06:00 to 06:30 BST, our time)',
    );
  });

  it('keeps the owner’s notice in the owner’s zone, the visitor’s beside it', () => {
    const mail = renderOwnerBookingEmail(fromNewYork);
    expect(mail.subject).toBe(
      'New call booked: Helen Marsh, Monday 30 March 2026, 09:00 to 09:30 BST',
    );
    expect(mail.text).toContain(
      "When: Monday 30 March 2026, 09:00 to 09:30 BST (04:00 to 04:30 Eastern Daylight Time, the visitor's time)",
    );
  });

  it('says nothing twice when the visitor’s zone is the owner’s', () => {
    const mail = renderVisitorBookingEmail({ ...booking, visitorTimeZone: 'Europe/London' });
    expect(mail.text).toContain('When: Monday 30 March 2026, 09:00 to 09:30 BST\n');
  });
});

describe('the confirmation’s calendar links', () => {
  it('offers Google Calendar and Outlook with the call’s times, title and manage link', () => {
    const mail = renderVisitorBookingEmail(booking);
    const google = /Add to Google Calendar: (\S+)/.exec(mail.text)?.[1];
    const outlook = /Add to Outlook: (\S+)/.exec(mail.text)?.[1];
    expect(new URL(google!).searchParams.get('dates')).toBe('20260330T080000Z/20260330T083000Z');
    expect(new URL(google!).searchParams.get('text')).toBe(
      'Free call with Harbor Lane AI Engineering',
    );
    expect(new URL(outlook!).searchParams.get('startdt')).toBe('2026-03-30T08:00:00.000Z');
    expect(new URL(outlook!).searchParams.get('body')).toBe(
      'Where: https://meet.example/harbor\nReschedule or cancel: https://harbor.example/booking/manage?token=abc',
    );
    expect(mail.html).toContain('>Add to Google Calendar</a>');
    expect(mail.html).toContain('>Add to Outlook</a>');
    expect(mail.html).toContain(`href="${google!.replaceAll('&', '&amp;')}"`);
  });

  it('are in the confirmation only, never in the owner’s notice', () => {
    for (const change of ['rescheduled', 'cancelled', 'reminder'] as const) {
      expect(renderVisitorBookingEmail({ ...booking, change }).text).not.toContain('Add to');
    }
    expect(renderOwnerBookingEmail(booking).text).not.toContain('Add to');
  });
});

describe('the owner’s notice', () => {
  it('names the visitor and the time, then quotes their note, escaped, after the site’s link', () => {
    const mail = renderOwnerBookingEmail({
      ...booking,
      visitor: { ...booking.visitor, name: 'Eve\r\nBcc: x@evil.example' },
    });
    expect(mail.subject).toBe(
      'New call booked: Eve Bcc: x@evil.example, Monday 30 March 2026, 09:00 to 09:30 BST',
    );
    const lines = mail.text.split('\n');
    expect(lines).toContain('Company: Marsh & Co');
    expect(lines).toContain('Open the bookings: https://harbor.example/admin/bookings');
    const note = lines.indexOf('Their note:');
    expect(lines.slice(note + 1, note + 3)).toEqual(['> About <b>RAG</b>', '> and agents']);
    expect(lines.indexOf('Open the bookings: https://harbor.example/admin/bookings')).toBeLessThan(
      note,
    );
    expect(mail.html).toContain('About &lt;b&gt;RAG&lt;/b&gt;<br>and agents');
    expect(mail.html).not.toContain('<b>RAG');
  });

  it('gives the reason of a cancellation', () => {
    const mail = renderOwnerBookingEmail({
      ...booking,
      change: 'cancelled',
      cancelledBy: 'visitor',
      reason: 'Found another firm',
    });
    expect(mail.subject).toMatch(/^Call cancelled: Helen Marsh, Monday 30 March/);
    expect(mail.text).toContain('Why it was cancelled:\n> Found another firm');
  });
});
