import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toastQueue } from '#client/ui/toast';
import { TOAST_REGION, Toaster } from '#client/ui/toaster';
import { CALL_MESSAGES } from '#shared/booking-messages';
import { dayText, meetingText, ownZone, slotName, zoneName } from '#shared/meeting-time';
import { defaultSiteContent } from '#shared/site-content-defaults';
import { partsLoaded } from '#tests/support/code-loads';
import { unmockAfterFile } from '#tests/support/fresh-modules';
import ContactForm from '../contact-form';
import { SiteContentProvider } from '../site-content-context';
import { BOOKING_PICKER, BookingOffer } from './booking-offer';

// Workers keep loaded modules between files (docs/decisions/0039): start from an empty
// module cache, so that the mock below reaches every module, and leave one.
vi.hoisted(() => vi.resetModules());
unmockAfterFile('#client/ui/confetti');
vi.mock('#client/ui/confetti', () => ({ fireConfetti: () => {} }));

type FetchArgs = [input: RequestInfo | URL, init?: RequestInit];
const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();

/** Answers per procedure, in order: each call takes the next. */
let answers: Record<string, { body: unknown; status: number }[]> = {};

function answer(procedure: string, body: unknown, status = 200) {
  (answers[procedure] ??= []).push({ body, status });
}

const LONDON = 'Europe/London';
const TOKYO = 'Asia/Tokyo';
/** 23:30 on 2 June in London is 07:30 on 3 June in Tokyo; 09:00 on 3 June in London is 17:00. */
const LATE = { start: '2026-06-02T22:30:00.000Z', end: '2026-06-02T23:00:00.000Z' };
const MORNING = { start: '2026-06-03T08:00:00.000Z', end: '2026-06-03T08:30:00.000Z' };
const AFTERNOON = { start: '2026-06-03T13:00:00.000Z', end: '2026-06-03T13:30:00.000Z' };

function slotsAnswer(slots: { start: string; end: string }[]) {
  answer('booking.slots', {
    result: {
      data: { timezone: 'Europe/London', meetingMinutes: 30, location: 'Phone call', slots },
    },
  });
}

function trpcError(message: string, code: string, httpStatus: number) {
  return { error: { message, code: -32000, data: { code, httpStatus } } };
}

function calls(procedure: string) {
  return fetchMock.mock.calls.filter(([url]) => String(url).includes(`/api/trpc/${procedure}`));
}

function renderPage() {
  render(
    <SiteContentProvider content={defaultSiteContent}>
      <BookingOffer />
      <ContactForm />
      <Toaster />
    </SiteContentProvider>,
  );
  return userEvent.setup();
}

type User = ReturnType<typeof userEvent.setup>;

/** The picker opened by its button, once its code has come (its ready signal, issue 71). */
async function openPicker(user: User) {
  await user.click(screen.getByRole('button', { name: 'Book a free call' }));
  await partsLoaded(BOOKING_PICKER);
  return screen.findByRole('form', { name: 'Book a free call' });
}

async function chooseZone(user: User, picker: HTMLElement, zone: string) {
  const change = within(picker).queryByRole('button', { name: 'Change time zone' });
  if (change) await user.click(change);
  await user.selectOptions(within(picker).getByRole('combobox', { name: 'Time zone' }), zone);
}

async function fillDetails(user: User, picker: HTMLElement) {
  await user.click(within(picker).getByRole('textbox', { name: 'Full Name' }));
  await user.paste('Ada Example');
  await user.click(within(picker).getByRole('textbox', { name: 'Email Address' }));
  await user.paste('ada@example.com');
  await user.click(within(picker).getByRole('checkbox', { name: /I agree to the Privacy/ }));
}

const radioValues = (picker: HTMLElement, group: RegExp | string) =>
  within(within(picker).getByRole('group', { name: group }))
    .getAllByRole('radio')
    .map((radio) => radio.getAttribute('value') ?? '');

describe('the booking picker', () => {
  beforeEach(() => {
    answers = {};
    fetchMock.mockImplementation((input) => {
      const procedure = /\/api\/trpc\/([\w.]+)/.exec(String(input))?.[1] ?? '';
      const next = answers[procedure]?.shift();
      if (!next) return Promise.reject(new TypeError(`no answer for ${procedure}`));
      return Promise.resolve(
        new Response(JSON.stringify(next.body), {
          status: next.status,
          headers: { 'Content-Type': 'application/json' },
        }),
      );
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    toastQueue.clear();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('asks for the free times only when opened', async () => {
    const user = renderPage();
    expect(fetchMock).not.toHaveBeenCalled();
    slotsAnswer([MORNING]);
    await openPicker(user);
    expect(calls('booking.slots')).toHaveLength(1);
  });

  it("names the visitor's zone, and groups the days by the zone chosen", async () => {
    const user = renderPage();
    slotsAnswer([LATE, MORNING, AFTERNOON]);
    const picker = await openPicker(user);
    expect(picker).toHaveTextContent(
      `Times are shown in ${zoneName(new Date(LATE.start), ownZone())} (${ownZone()}).`,
    );

    await chooseZone(user, picker, LONDON);
    expect(picker).toHaveTextContent('Times are shown in British Summer Time (Europe/London).');
    expect(radioValues(picker, /Days with free times/)).toEqual(['2026-06-02', '2026-06-03']);
    // Each time is named by its whole date and time.
    expect(
      within(picker).getByRole('radio', { name: slotName(new Date(LATE.start), LONDON) }),
    ).toBeInTheDocument();
    await user.click(
      within(picker).getByRole('radio', { name: dayText(new Date(MORNING.start), LONDON) }),
    );
    await user.click(
      within(picker).getByRole('radio', { name: slotName(new Date(MORNING.start), LONDON) }),
    );

    await chooseZone(user, picker, TOKYO);
    expect(picker).toHaveTextContent('Times are shown in Japan Standard Time (Asia/Tokyo).');
    expect(radioValues(picker, /Days with free times/)).toEqual(['2026-06-03']);
    expect(radioValues(picker, `Free times on ${dayText(new Date(MORNING.start), TOKYO)}`)).toEqual(
      [LATE.start, MORNING.start, AFTERNOON.start],
    );
    // The time chosen stays chosen under its day in the new zone.
    expect(
      within(picker).getByRole('radio', { name: slotName(new Date(MORNING.start), TOKYO) }),
    ).toBeChecked();
  });

  it('books the chosen time and offers the call as a calendar file in UTC', async () => {
    const user = renderPage();
    slotsAnswer([MORNING]);
    const picker = await openPicker(user);
    await chooseZone(user, picker, LONDON);
    await user.click(
      within(picker).getByRole('radio', { name: slotName(new Date(MORNING.start), LONDON) }),
    );
    await fillDetails(user, picker);
    answer(
      'booking.book',
      { result: { data: { success: true, booking: { ...MORNING, location: 'Phone call' } } } },
      201,
    );
    await user.click(within(picker).getByRole('button', { name: 'Book the call' }));

    await screen.findByText('Your call is booked.');
    expect(
      screen.getByText(meetingText(new Date(MORNING.start), new Date(MORNING.end), LONDON)),
    ).toHaveTextContent(/09:00 to 09:30 \(British Summer Time\)$/);
    expect(JSON.parse(String(calls('booking.book')[0]![1]?.body))).toEqual({
      start: MORNING.start,
      name: 'Ada Example',
      email: 'ada@example.com',
      privacy: true,
      website: '',
      // The zone the times were shown in: the mails are written in it.
      timezone: LONDON,
    });
    const google = new URL(
      screen.getByRole('link', { name: 'Add to Google Calendar' }).getAttribute('href')!,
    );
    expect(google.searchParams.get('dates')).toBe('20260603T080000Z/20260603T083000Z');
    expect(google.searchParams.get('location')).toBe('Phone call');
    const outlook = screen.getByRole('link', { name: 'Add to Outlook' });
    expect(new URL(outlook.getAttribute('href')!).searchParams.get('startdt')).toBe(MORNING.start);
    expect(outlook).toHaveAttribute('target', '_blank');
    const file = screen.getByRole('link', { name: 'Add to calendar' });
    expect(file).toHaveAttribute('download', 'call.ics');
    const ics = decodeURIComponent(file.getAttribute('href')!.split(',')[1]!);
    expect(ics).toContain('DTSTART:20260603T080000Z\r\nDTEND:20260603T083000Z\r\n');
    expect(ics).toContain('LOCATION:Phone call\r\n');
    // The three are buttons of one kind: none in the muted grey that reads as disabled (issue 57).
    for (const name of ['Add to Google Calendar', 'Add to Outlook']) {
      expect(screen.getByRole('link', { name }).className).toBe(file.className);
    }
  });

  it('asks for a time before sending, and keeps what was typed', async () => {
    const user = renderPage();
    slotsAnswer([MORNING]);
    const picker = await openPicker(user);
    await fillDetails(user, picker);
    await user.click(within(picker).getByRole('button', { name: 'Book the call' }));
    expect(await within(picker).findByText(CALL_MESSAGES.start)).toBeVisible();
    expect(calls('booking.book')).toHaveLength(0);
  });

  it('after a 409 reads the times again, says so and keeps the details', async () => {
    const user = renderPage();
    slotsAnswer([MORNING, AFTERNOON]);
    const picker = await openPicker(user);
    await chooseZone(user, picker, LONDON);
    await user.click(
      within(picker).getByRole('radio', { name: slotName(new Date(MORNING.start), LONDON) }),
    );
    await fillDetails(user, picker);
    answer('booking.book', trpcError(CALL_MESSAGES.taken, 'CONFLICT', 409), 409);
    slotsAnswer([AFTERNOON]);
    await user.click(within(picker).getByRole('button', { name: 'Book the call' }));

    const alert = await within(picker).findByRole('alert');
    expect(alert).toHaveTextContent(CALL_MESSAGES.taken);
    await waitFor(() => expect(within(picker).queryByRole('radio', { name: /09:00$/ })).toBeNull());
    expect(calls('booking.slots')).toHaveLength(2);
    expect(
      within(picker).getByRole('radio', { name: slotName(new Date(AFTERNOON.start), LONDON) }),
    ).not.toBeChecked();
    expect(within(picker).getByRole('textbox', { name: 'Full Name' })).toHaveValue('Ada Example');
    expect(within(picker).getByRole('checkbox', { name: /I agree/ })).toBeChecked();
  });

  it("says the cap on a person's upcoming calls in the server's words, without reloading the times", async () => {
    const user = renderPage();
    slotsAnswer([MORNING]);
    const picker = await openPicker(user);
    await chooseZone(user, picker, LONDON);
    await user.click(
      within(picker).getByRole('radio', { name: slotName(new Date(MORNING.start), LONDON) }),
    );
    await fillDetails(user, picker);
    answer('booking.book', trpcError(CALL_MESSAGES.tooManyUpcoming, 'CONFLICT', 409), 409);
    await user.click(within(picker).getByRole('button', { name: 'Book the call' }));

    expect(await within(picker).findByRole('alert')).toHaveTextContent(
      CALL_MESSAGES.tooManyUpcoming,
    );
    expect(calls('booking.slots')).toHaveLength(1);
    expect(
      within(picker).getByRole('radio', { name: slotName(new Date(MORNING.start), LONDON) }),
    ).toBeChecked();
  });

  it('says so when booking is off, with nothing to try again', async () => {
    const user = renderPage();
    answer('booking.slots', trpcError('Booking is not available.', 'NOT_FOUND', 404), 404);
    await user.click(screen.getByRole('button', { name: 'Book a free call' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Booking is not available. Please write to us with the contact form instead.',
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('opens from a sent message with the name and address filled in', async () => {
    const user = renderPage();
    const form = screen.getByRole('form', { name: 'Contact form' });
    await user.click(within(form).getByRole('textbox', { name: 'Full Name' }));
    await user.paste('Ada Example');
    await user.click(within(form).getByRole('textbox', { name: 'Email Address' }));
    await user.paste('ada@example.com');
    await user.selectOptions(
      within(form).getByRole('combobox', { name: 'Subject' }),
      'AI Consulting Services',
    );
    await user.click(within(form).getByRole('textbox', { name: 'Message' }));
    await user.paste('A message that is long enough.');
    await user.click(within(form).getByRole('checkbox', { name: /I agree/ }));
    answer('contact.send', { result: { data: { success: true, message: 'Thanks' } } });
    await user.click(within(form).getByRole('button', { name: 'Send Message' }));

    slotsAnswer([MORNING]);
    await user.click(await within(form).findByRole('button', { name: 'Pick a time' }));
    // The sent message's toast brought the toasts' region, the button the picker: both codes.
    await partsLoaded(BOOKING_PICKER, TOAST_REGION);
    const picker = await screen.findByRole('form', { name: 'Book a free call' });
    expect(within(picker).getByRole('textbox', { name: 'Full Name' })).toHaveValue('Ada Example');
    expect(within(picker).getByRole('textbox', { name: 'Email Address' })).toHaveValue(
      'ada@example.com',
    );
    expect(document.activeElement).toHaveTextContent('Book a free call');
  });
});
