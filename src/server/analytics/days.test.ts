import { describe, expect, it } from 'vitest';
import { addDays, daysSpanned, eachDay, isRealDay } from '#shared/calendar-days';
import { dayOf, dayStart } from './days';

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

describe('the first instant of a day in the zone', () => {
  it.each([
    ['2026-03-01', 'UTC', '2026-03-01T00:00:00.000Z'],
    ['2026-03-01', 'America/New_York', '2026-03-01T05:00:00.000Z'],
    // Summer time: an hour less behind UTC.
    ['2026-07-01', 'America/New_York', '2026-07-01T04:00:00.000Z'],
    ['2026-03-02', 'Asia/Tokyo', '2026-03-01T15:00:00.000Z'],
    ['2026-03-02', 'Pacific/Kiritimati', '2026-03-01T10:00:00.000Z'],
    ['2026-03-02', 'Asia/Kathmandu', '2026-03-01T18:15:00.000Z'],
    // Santiago springs forward at midnight: 2026-09-06 starts at 01:00 local time.
    ['2026-09-06', 'America/Santiago', '2026-09-06T04:00:00.000Z'],
  ])('%s in %s starts at %s', (day, zone, iso) => {
    const start = dayStart(day, zone);
    expect(start.toISOString()).toBe(iso);
    expect(dayOf(start, zone)).toBe(day);
    expect(dayOf(new Date(start.getTime() - 1), zone)).not.toBe(day);
  });
});
