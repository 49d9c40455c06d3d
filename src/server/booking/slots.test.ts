import { describe, expect, it } from 'vitest';
import { defaultBookingSettings, type BookingSettings, type WeeklyHours } from '#shared/booking';
import { computeSlots, type SlotInput, type Span } from './slots';

const noHours: WeeklyHours = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };

function settings(edit: Partial<BookingSettings> = {}): BookingSettings {
  return {
    ...defaultBookingSettings('Europe/London'),
    enabled: true,
    location: 'Phone call',
    minNoticeHours: 0,
    horizonDays: 365,
    bufferAfterMinutes: 0,
    ...edit,
  };
}

const at = (iso: string) => new Date(iso);
const span = (from: string, to: string): Span => ({ start: Date.parse(from), end: Date.parse(to) });

/** The slots' starts as ISO text (UTC). */
function starts(input: Partial<SlotInput> & Pick<SlotInput, 'settings' | 'from' | 'to'>) {
  return computeSlots({ busy: [], bookings: [], now: at('2026-01-01T00:00:00Z'), ...input }).map(
    (slot) => slot.start.toISOString(),
  );
}

describe('slots', () => {
  it('follow the owner’s clock across both daylight-saving changes in Europe/London', () => {
    const early = settings({
      weekly: { ...noHours, sun: [['00:00', '04:00']], mon: [['09:00', '10:00']] },
      meetingMinutes: 60,
      slotStepMinutes: 60,
    });
    // 29 March 2026: 01:00 GMT becomes 02:00 BST, the night's four hours are three.
    expect(starts({ settings: early, from: '2026-03-29', to: '2026-03-30' })).toEqual([
      '2026-03-29T00:00:00.000Z',
      '2026-03-29T01:00:00.000Z',
      '2026-03-29T02:00:00.000Z',
      '2026-03-30T08:00:00.000Z',
    ]);
    // An interval starting at a time the clock skips starts an hour later on that day only.
    const skipped = settings({
      weekly: { ...noHours, sun: [['01:30', '04:00']] },
      meetingMinutes: 60,
      slotStepMinutes: 60,
    });
    expect(starts({ settings: skipped, from: '2026-03-29', to: '2026-03-29' })).toEqual([
      '2026-03-29T01:30:00.000Z',
    ]);
    // 25 October 2026: 02:00 BST becomes 01:00 GMT, the night's four hours are five.
    expect(starts({ settings: early, from: '2026-10-25', to: '2026-10-26' })).toEqual([
      '2026-10-24T23:00:00.000Z',
      '2026-10-25T00:00:00.000Z',
      '2026-10-25T01:00:00.000Z',
      '2026-10-25T02:00:00.000Z',
      '2026-10-25T03:00:00.000Z',
      '2026-10-26T09:00:00.000Z',
    ]);
  });

  it('start on a step from each interval’s start and end inside it, several a day, soonest first', () => {
    const owner = settings({
      weekly: {
        ...noHours,
        tue: [
          ['14:00', '15:05'],
          ['09:10', '10:15'],
        ],
      },
      meetingMinutes: 45,
      slotStepMinutes: 20,
    });
    const slots = computeSlots({
      settings: owner,
      busy: [],
      bookings: [],
      now: at('2026-01-01T00:00:00Z'),
      from: '2026-01-06',
      to: '2026-01-06',
    });
    expect(slots.map((s) => [s.start.toISOString(), s.end.toISOString()])).toEqual([
      ['2026-01-06T09:10:00.000Z', '2026-01-06T09:55:00.000Z'],
      ['2026-01-06T09:30:00.000Z', '2026-01-06T10:15:00.000Z'],
      ['2026-01-06T14:00:00.000Z', '2026-01-06T14:45:00.000Z'],
      ['2026-01-06T14:20:00.000Z', '2026-01-06T15:05:00.000Z'],
    ]);
  });

  it('start no sooner than the notice and before the horizon from now', () => {
    const owner = settings({ minNoticeHours: 2, horizonDays: 1 });
    // Monday 12 January 10:10: the first is 12:30, the last before Tuesday 10:10.
    const got = starts({
      settings: owner,
      now: at('2026-01-12T10:10:00Z'),
      from: '2026-01-11',
      to: '2026-01-14',
    });
    expect(got[0]).toBe('2026-01-12T12:30:00.000Z');
    expect(got.at(-1)).toBe('2026-01-13T10:00:00.000Z');
    expect(got).toHaveLength(9 + 3);
  });

  it('keep both buffers from each booking and the meeting’s own buffers from busy times', () => {
    const owner = settings({
      weekly: { ...noHours, mon: [['09:00', '12:00']] },
      slotStepMinutes: 15,
      bufferBeforeMinutes: 10,
      bufferAfterMinutes: 20,
    });
    const day = { settings: owner, from: '2026-01-12', to: '2026-01-12' };
    // A call 10:00-10:30: one may end at 09:30 (its 20 after, the call's 10 before) and start
    // at 11:00.
    expect(
      starts({ ...day, bookings: [span('2026-01-12T10:00:00Z', '2026-01-12T10:30:00Z')] }),
    ).toEqual([
      '2026-01-12T09:00:00.000Z',
      '2026-01-12T11:00:00.000Z',
      '2026-01-12T11:15:00.000Z',
      '2026-01-12T11:30:00.000Z',
    ]);
    // A busy half hour 10:00-10:30 is kept clear by the slot's own buffers only: 09:15 would
    // need its 20 minutes after up to 10:05; 10:45 needs its 10 before from 10:35.
    expect(
      starts({ ...day, busy: [span('2026-01-12T10:00:00Z', '2026-01-12T10:30:00Z')] }),
    ).toEqual([
      '2026-01-12T09:00:00.000Z',
      '2026-01-12T10:45:00.000Z',
      '2026-01-12T11:00:00.000Z',
      '2026-01-12T11:15:00.000Z',
      '2026-01-12T11:30:00.000Z',
    ]);
  });

  it('leave a day that holds maxPerDay bookings empty, counted by the owner’s day', () => {
    const owner = settings({
      timezone: 'America/New_York',
      weekly: { ...noHours, mon: [['09:00', '11:00']], tue: [['09:00', '11:00']] },
      maxPerDay: 1,
    });
    // 02:00 UTC on Tuesday is Monday evening in New York.
    const mondayEvening = span('2026-01-13T02:00:00Z', '2026-01-13T02:30:00Z');
    expect(
      starts({ settings: owner, bookings: [mondayEvening], from: '2026-01-12', to: '2026-01-13' }),
    ).toEqual([
      '2026-01-13T14:00:00.000Z',
      '2026-01-13T14:30:00.000Z',
      '2026-01-13T15:00:00.000Z',
      '2026-01-13T15:30:00.000Z',
    ]);
    expect(
      starts({
        settings: { ...owner, maxPerDay: 2 },
        bookings: [mondayEvening],
        from: '2026-01-12',
        to: '2026-01-12',
      }),
    ).toHaveLength(4);
  });

  it('are none while booking is off', () => {
    expect(
      starts({ settings: settings({ enabled: false }), from: '2026-01-12', to: '2026-01-12' }),
    ).toEqual([]);
  });
});
