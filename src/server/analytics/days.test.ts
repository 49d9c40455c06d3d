import { describe, expect, it } from 'vitest';
import { addDays, daysSpanned, eachDay, isRealDay } from '#shared/calendar-days';
import { dayOf } from './days';

describe('days of SITE_TIMEZONE', () => {
  it('names the day in the zone, not in UTC', () => {
    const at = new Date('2026-03-01T04:30:00Z');
    expect(dayOf(at, 'UTC')).toBe('2026-03-01');
    expect(dayOf(at, 'America/New_York')).toBe('2026-02-28');
    expect(dayOf(new Date('2026-03-01T23:30:00Z'), 'Asia/Tokyo')).toBe('2026-03-02');
  });

  it('counts calendar days across daylight saving changes', () => {
    // New York springs forward on 2026-03-08 and falls back on 2026-11-01.
    expect(addDays('2026-03-07', 1)).toBe('2026-03-08');
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(addDays('2026-11-01', -1)).toBe('2026-10-31');
    expect(addDays('2026-01-15', -29)).toBe('2025-12-17');
    expect(daysSpanned('2026-03-01', '2026-03-31')).toBe(31);
    expect(daysSpanned('2024-01-01', '2024-12-31')).toBe(366);
    expect(daysSpanned('2026-01-02', '2026-01-01')).toBe(0);
    expect(eachDay('2026-02-27', '2026-03-02')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });

  it.each([
    ['2026-02-28', true],
    ['2024-02-29', true],
    ['2026-02-29', false],
    ['2026-02-30', false],
    ['2026-13-01', false],
    ['2026-04-31', false],
    ['2026-00-10', false],
    ['26-01-01', false],
    ['2026-1-1', false],
  ])('%s is a real day: %s', (day, real) => {
    expect(isRealDay(day)).toBe(real);
  });
});
