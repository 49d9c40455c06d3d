/**
 * Booking a call and changing it from the manage link (docs/booking.md): one booking per
 * slot whatever arrives at once, stored with its lead before any mail, mails that carry the
 * booking's one invitation (UID, SEQUENCE, METHOD), the cut-off, and the link rules. Requests
 * for one slot at once are in call-booking-at-once.test.ts, on both drivers.
 */
import ICAL from 'ical.js';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import { bookingReminders, bookings, leadEvents, leads, throttleEvents } from '#db/schema';
import { CALL_MESSAGES } from '#shared/booking-request';
import { mailsSettled, type MailMessage } from '#server/platform/mail';
import { adminCaller } from '#tests/support/app';
import { failure, issuesOf } from '#tests/support/trpc-errors';
import { BOOKING_MESSAGES } from '#shared/booking';
import { OWNER_SETTINGS } from '#tests/support/booking-settings';
import {
  book,
  deps,
  HOUR,
  mailer,
  saveSettings,
  setUpBooking,
  TUE_10,
  TUE_9,
  visitor,
  visitorCaller,
} from '#tests/support/booking-call-fixtures';

beforeEach(setUpBooking);

/** The manage link's token from the visitor's confirmation. */
function tokenOf(mail: MailMessage): string {
  const match = /\/booking\/manage\?token=([A-Za-z0-9_-]{43})/.exec(mail.text);
  if (!match) throw new Error('no manage link');
  return match[1]!;
}

/** The invitation as a calendar reads it. */
function invitation(mail: MailMessage) {
  if (!mail.calendar) throw new Error('no calendar part');
  const calendar = new ICAL.Component(ICAL.parse(mail.calendar.ics));
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  const event = new ICAL.Event(vevent);
  return {
    method: mail.calendar.method,
    icsMethod: calendar.getFirstPropertyValue('method'),
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    status: vevent.getFirstPropertyValue('status'),
  };
}

async function mailsTo(address: string) {
  await mailsSettled(mailer);
  return mailer.sent.filter((mail) => mail.to === address);
}

describe('booking.book', () => {
  it('stores the booking with its lead (status meeting), timeline and reminders, then mails both with the invitation', async () => {
    expect(await book()).toEqual({
      booking: {
        start: TUE_9,
        end: '2026-06-02T08:30:00.000Z',
        location: OWNER_SETTINGS.location,
        uid: 'booking-1@harbor.example',
      },
    });
    const [stored] = await deps.db.select().from(bookings).all();
    expect(stored).toMatchObject({
      id: 1,
      leadId: 1,
      name: 'Helen Marsh',
      company: 'Marsh & Co',
      message: 'About forecasting our orders.',
      start: new Date(TUE_9),
      status: 'confirmed',
      sequence: 0,
    });
    expect(await deps.db.select().from(leads).get()).toMatchObject({
      email: 'helen@example.com',
      status: 'meeting',
    });
    const events = await deps.db.select().from(leadEvents).all();
    expect(events.map((e) => [e.kind, e.status, e.start])).toEqual([
      ['booking', null, new Date(TUE_9)],
      ['status_changed', 'meeting', null],
    ]);
    const reminders = await deps.db.select().from(bookingReminders).all();
    expect(reminders.map((r) => [r.minutesBefore, r.dueAt])).toEqual([
      [1440, new Date(new Date(TUE_9).getTime() - 24 * HOUR)],
      [60, new Date(new Date(TUE_9).getTime() - HOUR)],
    ]);

    const [confirmation] = await mailsTo('helen@example.com');
    expect(confirmation!.subject).toBe(
      'Your call with Acme AI Engineering: Tuesday 2 June 2026, 09:00 to 09:30 BST',
    );
    expect(confirmation!.replyTo).toBe('dana@harbor.example');
    expect(tokenOf(confirmation!)).toHaveLength(43);
    expect(stored!.tokenHash).not.toContain(tokenOf(confirmation!));
    expect(invitation(confirmation!)).toEqual({
      method: 'REQUEST',
      icsMethod: 'REQUEST',
      uid: 'booking-1@harbor.example',
      sequence: 0,
      start: TUE_9,
      end: '2026-06-02T08:30:00.000Z',
      status: 'CONFIRMED',
    });
    const [notice] = await mailsTo('dana@harbor.example');
    expect(notice!.replyTo).toBe('helen@example.com');
    expect(notice!.subject).toContain('New call booked: Helen Marsh');
    expect(invitation(notice!).uid).toBe('booking-1@harbor.example');
    // Where the visitor came from, and the way to the whole conversation: the lead.
    expect(notice!.text).toContain('Source: Direct');
    expect(notice!.text).toContain('Open the lead: https://harbor.example/admin/leads/1');
  });

  it('is stored before any mail: a mail failure loses nothing', async () => {
    mailer.failNext = true;
    await book();
    await mailsSettled(mailer);
    expect(await deps.db.select().from(bookings).all()).toHaveLength(1);
  });

  it('joins the lead of a known address; one further along than a meeting keeps its status', async () => {
    await book({ email: 'HELEN@example.com' });
    await writeTransaction(deps.db, (tx) => tx.update(leads).set({ status: 'won' }));
    await book({ start: TUE_10 });
    expect(await deps.db.select().from(leads).all()).toMatchObject([{ id: 1, status: 'won' }]);
    expect(await deps.db.select({ leadId: bookings.leadId }).from(bookings).all()).toEqual([
      { leadId: 1 },
      { leadId: 1 },
    ]);
  });

  it('never renames a known lead: its name and company stay, the booking keeps what was typed', async () => {
    await book();
    await writeTransaction(deps.db, (tx) => tx.update(leads).set({ status: 'proposal' }));
    await book(
      { start: TUE_10, email: 'HELEN@EXAMPLE.COM', name: 'Attacker Renamed', company: 'Evil Ltd' },
      '203.0.113.66',
    );
    expect(await deps.db.select().from(leads).all()).toMatchObject([
      { id: 1, name: 'Helen Marsh', company: 'Marsh & Co', email: 'helen@example.com' },
    ]);
    // A booking is the next step after a proposal too (docs/leads.md).
    expect((await deps.db.select().from(leads).get())!.status).toBe('meeting');
    expect(
      await deps.db.select({ name: bookings.name, company: bookings.company }).from(bookings).all(),
    ).toEqual([
      { name: 'Helen Marsh', company: 'Marsh & Co' },
      { name: 'Attacker Renamed', company: 'Evil Ltd' },
    ]);
  });

  it('refuses a start that is not a slot, or one past the notice, with 409', async () => {
    for (const start of ['2026-06-02T08:10:00.000Z', '2026-06-01T10:00:00.000Z']) {
      const error = await failure(book({ start }));
      expect([error.code, error.message]).toEqual(['CONFLICT', CALL_MESSAGES.taken]);
    }
    expect(await deps.db.select().from(bookings).all()).toEqual([]);
  });

  it('is not available while booking is off: 404, nothing stored', async () => {
    await saveSettings({ enabled: false });
    const error = await failure(book());
    expect([error.code, error.message]).toEqual(['NOT_FOUND', 'Booking is not available.']);
    expect(await deps.db.select().from(leads).all()).toEqual([]);
  });

  it('makes no lead for the site’s own address: answered as the honeypot is, nothing kept or mailed', async () => {
    expect(await book({ email: 'DANA@harbor.example' })).toEqual({ booking: null });
    await mailsSettled(mailer);
    expect(await deps.db.select().from(leads).all()).toEqual([]);
    expect(await deps.db.select().from(bookings).all()).toEqual([]);
    expect(mailer.sent).toEqual([]);
    // Its place in the throttle is taken as a booking's is.
    expect(await deps.db.select().from(throttleEvents).all()).toHaveLength(1);
  });

  it('allows 5 bookings per address in 10 minutes, then 429', async () => {
    const starts = [8, 9, 10, 11, 12, 13].map(
      (h) => `2026-06-02T${String(h).padStart(2, '0')}:00:00.000Z`,
    );
    // Five people (one person holds at most 2 upcoming calls) from one address.
    for (const [i, start] of starts.slice(0, 5).entries()) {
      await book({ start, email: `p${i}@example.com` });
    }
    const error = await failure(book({ start: starts[5], email: 'p5@example.com' }));
    expect(error.code).toBe('TOO_MANY_REQUESTS');
    expect(error.message).toMatch(/^Too many bookings from your address\. Try again in /);
  });
});

describe('the manage link', () => {
  async function booked() {
    await book();
    const [confirmation] = await mailsTo('helen@example.com');
    mailer.sent.length = 0;
    return tokenOf(confirmation!);
  }

  it('reads the booking and whether it can still change, and changes nothing', async () => {
    const token = await booked();
    const before = await deps.db.select().from(bookings).all();
    expect(await visitorCaller().manage({ token })).toEqual({
      start: TUE_9,
      end: '2026-06-02T08:30:00.000Z',
      location: OWNER_SETTINGS.location,
      status: 'confirmed',
      timezone: null,
      canChange: true,
    });
    expect(await deps.db.select().from(bookings).all()).toEqual(before);
    deps.clock.set(new Date(new Date(TUE_9).getTime() - 2 * HOUR));
    expect((await visitorCaller().manage({ token })).canChange).toBe(false);
  });

  it('answers 404 to an unknown token', async () => {
    await booked();
    const error = await failure(visitorCaller().manage({ token: 'x'.repeat(43) }));
    expect([error.code, error.message]).toEqual(['NOT_FOUND', CALL_MESSAGES.notFound]);
  });

  it('cancels once: the same UID, SEQUENCE one higher, METHOD CANCEL to both; again is 200 and mails nothing', async () => {
    const token = await booked();
    expect(await visitorCaller().cancel({ token, reason: 'Something came up.' })).toEqual({
      success: true,
    });
    expect(await deps.db.select().from(bookings).get()).toMatchObject({
      status: 'cancelled',
      sequence: 1,
      cancelReason: 'Something came up.',
    });
    expect(await deps.db.select().from(bookingReminders).all()).toEqual([]);
    const [toVisitor] = await mailsTo('helen@example.com');
    const [toOwner] = await mailsTo('dana@harbor.example');
    for (const mail of [toVisitor!, toOwner!]) {
      expect(invitation(mail)).toMatchObject({
        method: 'CANCEL',
        icsMethod: 'CANCEL',
        uid: 'booking-1@harbor.example',
        sequence: 1,
        status: 'CANCELLED',
      });
    }
    expect(toOwner!.text).toContain('> Something came up.');
    mailer.sent.length = 0;
    expect(await visitorCaller().cancel({ token })).toEqual({ success: true });
    expect(await mailsTo('helen@example.com')).toEqual([]);
    expect((await visitorCaller().manage({ token })).status).toBe('cancelled');
  });

  it('refuses a change within the cut-off: 409, the booking stays', async () => {
    const token = await booked();
    deps.clock.set(new Date(new Date(TUE_9).getTime() - 2 * HOUR));
    for (const call of [
      () => visitorCaller().cancel({ token }),
      () => visitorCaller().reschedule({ token, start: TUE_10 }),
    ]) {
      const error = await failure(call());
      expect([error.code, error.message]).toEqual(['CONFLICT', CALL_MESSAGES.tooLate]);
    }
    expect(await deps.db.select().from(bookings).get()).toMatchObject({
      status: 'confirmed',
      start: new Date(TUE_9),
    });
  });

  it('moves the booking to another slot: the same UID, SEQUENCE one higher, reminders planned anew', async () => {
    const token = await booked();
    expect(await visitorCaller().reschedule({ token, start: TUE_10 })).toMatchObject({
      start: TUE_10,
      end: '2026-06-02T09:30:00.000Z',
      status: 'confirmed',
    });
    const reminders = await deps.db.select().from(bookingReminders).all();
    expect(reminders.map((r) => r.dueAt.toISOString()).sort()).toEqual([
      '2026-06-01T09:00:00.000Z',
      '2026-06-02T08:00:00.000Z',
    ]);
    const [toVisitor] = await mailsTo('helen@example.com');
    expect(invitation(toVisitor!)).toMatchObject({
      method: 'REQUEST',
      uid: 'booking-1@harbor.example',
      sequence: 1,
      start: TUE_10,
    });
    // The mail keeps the link that moved it: it is still the booking's.
    expect(tokenOf(toVisitor!)).toBe(token);
    const timeline = await deps.db
      .select({ kind: leadEvents.kind, start: leadEvents.start })
      .from(leadEvents)
      .where(eq(leadEvents.kind, 'booking_rescheduled'))
      .all();
    expect(timeline).toEqual([{ kind: 'booking_rescheduled', start: new Date(TUE_10) }]);
  });

  it('refuses to move onto a taken time or a start that is not a slot', async () => {
    const token = await booked();
    await book({ start: TUE_10, email: 'other@example.com' }, '198.51.100.9');
    for (const start of [TUE_10, '2026-06-02T09:10:00.000Z']) {
      const error = await failure(visitorCaller().reschedule({ token, start }));
      expect([error.code, error.message]).toEqual(['CONFLICT', CALL_MESSAGES.taken]);
    }
    expect(await deps.db.select({ start: bookings.start }).from(bookings).all()).toEqual([
      { start: new Date(TUE_9) },
      { start: new Date(TUE_10) },
    ]);
  });
});

describe("the visitor's zone (docs/booking.md)", () => {
  const EASTERN = 'Tuesday 2 June 2026, 04:00 to 04:30 Eastern Daylight Time';

  it('is stored as the runtime spells it, and their mails are written in it; the owner’s keep BST', async () => {
    await book({ timezone: 'america/new_york' });
    expect((await deps.db.select().from(bookings).get())!.visitorTimezone).toBe('America/New_York');
    const [confirmation] = await mailsTo('helen@example.com');
    expect(confirmation!.subject).toBe(`Your call with Acme AI Engineering: ${EASTERN}`);
    expect(confirmation!.text).toContain(`When: ${EASTERN} (09:00 to 09:30 BST, our time)`);
    const [notice] = await mailsTo('dana@harbor.example');
    expect(notice!.subject).toBe(
      'New call booked: Helen Marsh, Tuesday 2 June 2026, 09:00 to 09:30 BST',
    );
    expect(notice!.text).toContain(
      "When: Tuesday 2 June 2026, 09:00 to 09:30 BST (04:00 to 04:30 Eastern Daylight Time, the visitor's time)",
    );
    expect((await visitorCaller().manage({ token: tokenOf(confirmation!) })).timezone).toBe(
      'America/New_York',
    );
  });

  it('is refused, 400 naming the field, when the runtime does not know it: nothing stored or mailed', async () => {
    for (const timezone of ['Mars/Olympus', '', 'EST5EDT; DROP']) {
      expect(await issuesOf(book({ timezone }))).toEqual([
        { path: 'timezone', message: BOOKING_MESSAGES.timezone },
      ]);
    }
    await mailsSettled(mailer);
    expect(await deps.db.select().from(bookings).all()).toEqual([]);
    expect(await deps.db.select().from(throttleEvents).all()).toEqual([]);
    expect(mailer.sent).toEqual([]);
  });

  it('is kept through a cancellation, and a move from the manage page writes its own', async () => {
    await book({ timezone: 'America/New_York' });
    const token = tokenOf((await mailsTo('helen@example.com'))[0]!);
    mailer.sent.length = 0;
    expect(
      await failure(visitorCaller().reschedule({ token, start: TUE_10, timezone: 'Nowhere/Land' })),
    ).toMatchObject({ code: 'BAD_REQUEST' });
    expect((await deps.db.select().from(bookings).get())!.start).toEqual(new Date(TUE_9));

    expect(
      await visitorCaller().reschedule({ token, start: TUE_10, timezone: 'Asia/Tokyo' }),
    ).toMatchObject({ start: TUE_10, timezone: 'Asia/Tokyo' });
    const [moved] = await mailsTo('helen@example.com');
    expect(moved!.text).toContain(
      'When: Tuesday 2 June 2026, 18:00 to 18:30 Japan Standard Time (10:00 to 10:30 BST, our time)',
    );
    mailer.sent.length = 0;
    await visitorCaller().cancel({ token });
    const [cancelled] = await mailsTo('helen@example.com');
    expect(cancelled!.subject).toMatch(/18:00 to 18:30 Japan Standard Time$/);
  });

  it('falls back to the owner’s zone when none is given, as before', async () => {
    await book();
    expect((await deps.db.select().from(bookings).get())!.visitorTimezone).toBeNull();
    const [confirmation] = await mailsTo('helen@example.com');
    expect(confirmation!.text).toContain('When: Tuesday 2 June 2026, 09:00 to 09:30 BST\n');
  });
});

describe("the owner's copy and the visitor's words in the invitation", () => {
  /** Every place a mail carries a link: its text, its HTML and its calendar part. */
  const allOf = (mail: MailMessage) => `${mail.text}\n${mail.html ?? ''}\n${mail.calendar?.ics}`;

  it("carries no manage link to the owner when booked, moved or cancelled; the visitor's does", async () => {
    await book();
    const [confirmation] = await mailsTo('helen@example.com');
    const token = tokenOf(confirmation!);
    expect(confirmation!.calendar!.ics.replace(/\r\n /g, '')).toContain(token);
    await visitorCaller().reschedule({ token, start: TUE_10 });
    await visitorCaller().cancel({ token });
    const notices = await mailsTo('dana@harbor.example');
    expect(notices.map((notice) => notice.calendar?.method)).toEqual([
      'REQUEST',
      'REQUEST',
      'CANCEL',
    ]);
    for (const notice of notices) {
      // Unfolded, so a link split over two lines of the .ics is still found.
      const all = allOf(notice).replace(/\r\n /g, '');
      expect(all).not.toContain(token);
      expect(all).not.toContain('/booking/manage');
      const vevent = new ICAL.Component(ICAL.parse(notice.calendar!.ics)).getFirstSubcomponent(
        'vevent',
      )!;
      expect(vevent.getFirstPropertyValue('description') ?? '').not.toContain('manage');
      expect(vevent.getFirstPropertyValue('url')).toBeNull();
    }
  });

  it('keeps a `"` in the visitor\'s name from adding ATTENDEE parameters, in both mails', async () => {
    const name = 'Eve" ;RSVP=TRUE;ROLE=CHAIR;DELEGATED-TO="mailto:x@evil.example';
    await book({ name });
    await mailsSettled(mailer);
    expect(mailer.sent.map((mail) => mail.to)).toEqual([
      'helen@example.com',
      'dana@harbor.example',
    ]);
    for (const mail of mailer.sent) {
      const vevent = new ICAL.Component(ICAL.parse(mail.calendar!.ics)).getFirstSubcomponent(
        'vevent',
      )!;
      const attendees = vevent.getAllProperties('attendee');
      expect(attendees).toHaveLength(1);
      expect(attendees[0]!.toJSON()[1]).toEqual({
        role: 'REQ-PARTICIPANT',
        partstat: 'ACCEPTED',
        rsvp: 'FALSE',
        cn: name.replaceAll('"', "'"),
      });
    }
  });
});

describe("a person's data (docs/leads.md)", () => {
  it('holds their booked calls in the export, and erasing them removes the calls and reminders', async () => {
    await book({ timezone: 'Asia/Tokyo' });
    const admin = await adminCaller(deps);
    const file = await admin.leads.export({ id: 1 });
    const exported = (await (await file.open()).json()) as { bookings: unknown[] };
    expect(exported.bookings).toEqual([
      expect.objectContaining({
        start: TUE_9,
        status: 'confirmed',
        message: visitor.message,
        timezone: 'Asia/Tokyo',
      }),
    ]);
    expect(JSON.stringify(exported)).not.toContain('tokenHash');
    await admin.leads.erase({ id: 1 });
    expect(await deps.db.select().from(bookings).all()).toEqual([]);
    expect(await deps.db.select().from(bookingReminders).all()).toEqual([]);
  });
});
