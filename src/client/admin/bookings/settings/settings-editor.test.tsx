import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  BOOKING_MESSAGES,
  bookingSettingsInput,
  defaultBookingSettings,
  type BookingSettings,
} from '#shared/booking';
import { toastQueue } from '#client/ui/toast';
import { fakeTrpcServer, invalidInput } from '#tests/support/trpc-fetch';
import { renderAdmin } from '#tests/support/render-admin';
import { SettingsEditor } from './settings-editor';
import { fieldLabel, issueField } from './settings-issues';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastQueue.clear();
});

const SAVED: BookingSettings = {
  ...defaultBookingSettings('Europe/London'),
  enabled: true,
  location: 'Phone call',
};

/** The server's answer to a save: its own schema, its 400 with the issues' dotted paths. */
function saveSettings(input: unknown) {
  const parsed = bookingSettingsInput.safeParse(input);
  if (parsed.success) return { data: { success: true, settings: parsed.data.settings } };
  return invalidInput(
    parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
  );
}

describe("the server's issue paths", () => {
  it('name the form fields: an interval, a reminder, the time zone', () => {
    const parsed = bookingSettingsInput.safeParse({
      settings: {
        ...SAVED,
        timezone: 'Mars/Olympus',
        weekly: {
          ...SAVED.weekly,
          tue: [
            ['09:00', '12:00'],
            ['11:00', '13:00'],
          ],
        },
        reminderMinutes: [60, 0],
      },
    });
    const fields = parsed.error?.issues.map((issue) => issueField(issue.path.join('.')));
    expect(fields).toEqual(['timezone', 'weekly.tue.1', 'reminderMinutes.1']);
    expect(fields?.map(fieldLabel)).toEqual(['Time zone', 'Tuesday, hours 2', 'Reminder 2']);
    // A start or end of its own belongs to its interval; a day's own issue to the day.
    expect(issueField('settings.weekly.sat.0.1')).toBe('weekly.sat.0');
    expect(issueField('settings.weekly.sat')).toBe('weekly.sat');
    expect(fieldLabel('weekly.sat')).toBe('Saturday');
  });
});

describe('a refused save', () => {
  it('shows each issue at its field and names it, keeps what was typed, and saves once fixed', async () => {
    const server = fakeTrpcServer({
      'booking.saveSettings': saveSettings,
      'booking.settings': () => ({
        data: { success: true, settings: SAVED, feed: { fetchedAt: null, error: null, busy: 0 } },
      }),
      'booking.slots': () => ({
        data: {
          success: true,
          timezone: 'Europe/London',
          meetingMinutes: 30,
          location: '',
          slots: [],
        },
      }),
    });
    renderAdmin(<SettingsEditor saved={SAVED} feed={{ fetchedAt: null, error: null, busy: 0 }} />);
    const user = userEvent.setup();
    // A field's text replaced in one change, as a paste over it does: never blank on the way,
    // which would open the time-zone list with every zone.
    const replace = async (field: HTMLInputElement, text: string) => {
      await user.click(field);
      field.select();
      await user.paste(text);
    };
    await user.click(await screen.findByRole('button', { name: 'Add hours on Tuesday' }));
    const second = screen.getByRole('group', { name: 'Tuesday, hours 2' });
    const from = within(second).getByRole<HTMLInputElement>('textbox', { name: 'From' });
    const to = within(second).getByRole<HTMLInputElement>('textbox', { name: 'To' });
    expect(from).toHaveFocus();
    await replace(from, '12:00');
    const zone = screen.getByRole<HTMLInputElement>('combobox', { name: 'Time zone' });
    await replace(zone, 'Mars/Olympus');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent(`Time zone: ${BOOKING_MESSAGES.timezone}`);
    expect(summary).toHaveTextContent(`Tuesday, hours 2: ${BOOKING_MESSAGES.overlap}`);
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(from).toHaveAccessibleDescription(BOOKING_MESSAGES.overlap);
    expect(zone).toHaveAttribute('aria-invalid', 'true');
    expect(zone).toHaveAccessibleDescription(expect.stringContaining(BOOKING_MESSAGES.timezone));
    // Nothing typed is lost, and the cursor is on the first field to fix.
    expect(from).toHaveValue('12:00');
    expect(zone).toHaveValue('Mars/Olympus');
    await waitFor(() => expect(zone).toHaveFocus());

    await replace(zone, 'Europe/Paris');
    await replace(from, '17:30');
    await replace(to, '19:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    // Saved as soon as the server says so, before the screen reads the settings again.
    expect(screen.getByText('All changes saved')).toBeInTheDocument();
    expect(from).not.toHaveAttribute('aria-invalid');
    const sent = server.callsTo('booking.saveSettings').at(-1)?.input as {
      settings: BookingSettings;
    };
    expect(sent.settings.timezone).toBe('Europe/Paris');
    expect(sent.settings.weekly.tue).toEqual([
      ['09:00', '17:00'],
      ['17:30', '19:00'],
    ]);
  });
});

describe("copying a day's hours", () => {
  it('sets Monday to Friday to that day in the form, the weekend kept, and saves only on Save', async () => {
    const saved: BookingSettings = {
      ...SAVED,
      weekly: { ...SAVED.weekly, sat: [['10:00', '12:00']] },
    };
    const server = fakeTrpcServer({
      'booking.saveSettings': saveSettings,
      'booking.settings': () => ({
        data: { success: true, settings: saved, feed: { fetchedAt: null, error: null, busy: 0 } },
      }),
      'booking.slots': () => ({
        data: {
          success: true,
          timezone: 'Europe/London',
          meetingMinutes: 30,
          location: '',
          slots: [],
        },
      }),
    });
    renderAdmin(<SettingsEditor saved={saved} feed={{ fetchedAt: null, error: null, busy: 0 }} />);
    const user = userEvent.setup();
    const replace = async (field: HTMLInputElement, text: string) => {
      await user.click(field);
      field.select();
      await user.paste(text);
    };
    // Wednesday gets a second interval, then is copied to every weekday.
    await user.click(await screen.findByRole('button', { name: 'Add hours on Wednesday' }));
    const added = screen.getByRole('group', { name: 'Wednesday, hours 2' });
    await replace(within(added).getByRole('textbox', { name: 'From' }), '18:00');
    await replace(within(added).getByRole('textbox', { name: 'To' }), '19:30');
    await user.click(
      screen.getByRole('button', { name: "Copy Wednesday's hours to all weekdays" }),
    );

    for (const day of ['Monday', 'Tuesday', 'Thursday', 'Friday']) {
      const second = screen.getByRole('group', { name: `${day}, hours 2` });
      expect(within(second).getByRole('textbox', { name: 'From' })).toHaveValue('18:00');
      expect(within(second).getByRole('textbox', { name: 'To' })).toHaveValue('19:30');
    }
    expect(screen.queryByRole('group', { name: 'Saturday, hours 2' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Sunday, hours 1' })).toBeNull();
    // A copy is its own: Monday's edit leaves Tuesday as it was.
    const monday = screen.getByRole('group', { name: 'Monday, hours 1' });
    await replace(within(monday).getByRole('textbox', { name: 'From' }), '08:00');
    expect(
      within(screen.getByRole('group', { name: 'Tuesday, hours 1' })).getByRole('textbox', {
        name: 'From',
      }),
    ).toHaveValue('09:00');
    expect(server.callsTo('booking.saveSettings')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('All changes saved');
    const sent = server.callsTo('booking.saveSettings').at(-1)?.input as {
      settings: BookingSettings;
    };
    const evening: [string, string] = ['18:00', '19:30'];
    expect(sent.settings.weekly).toEqual({
      mon: [['08:00', '17:00'], evening],
      tue: [['09:00', '17:00'], evening],
      wed: [['09:00', '17:00'], evening],
      thu: [['09:00', '17:00'], evening],
      fri: [['09:00', '17:00'], evening],
      sat: [['10:00', '12:00']],
      sun: [],
    });
  });
});
