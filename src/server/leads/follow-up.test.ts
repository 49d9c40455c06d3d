import { describe, expect, it } from 'vitest';
import { followUpTime, startOfDayIn } from './follow-up';

describe('startOfDayIn', () => {
  it.each([
    ['2026-03-10', 'UTC', '2026-03-10T00:00:00.000Z'],
    ['2026-01-20', 'Europe/Berlin', '2026-01-19T23:00:00.000Z'],
    ['2026-07-20', 'Europe/Berlin', '2026-07-19T22:00:00.000Z'],
    ['2026-03-29', 'Europe/Berlin', '2026-03-28T23:00:00.000Z'],
    ['2026-07-20', 'America/New_York', '2026-07-20T04:00:00.000Z'],
    ['2026-11-01', 'America/New_York', '2026-11-01T04:00:00.000Z'],
    ['2026-07-20', 'Asia/Kolkata', '2026-07-19T18:30:00.000Z'],
  ])('%s in %s starts at %s', (day, zone, instant) => {
    expect(startOfDayIn(day, zone).toISOString()).toBe(instant);
  });
});

describe('followUpTime', () => {
  it('keeps a date and time with its offset as that instant', () => {
    expect(followUpTime('2026-02-01T09:30:00+01:00', 'Asia/Tokyo').toISOString()).toBe(
      '2026-02-01T08:30:00.000Z',
    );
  });
});
