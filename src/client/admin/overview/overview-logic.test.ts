import { describe, expect, it } from 'vitest';
import { chartScale } from './chart-scale';
import {
  conversionRate,
  formatCount,
  formatDayCount,
  formatMinutes,
  formatRate,
  periodChange,
} from '../ui/number-words';
import { addDays, daysSpanned } from '#shared/calendar-days';
import {
  analyticsCsvHref,
  customRangeProblem,
  localToday,
  overviewSearchSchema,
  resolveRange,
  searchFor,
} from './overview-range';
import { sourcesOfClients } from './source-clients';

const TODAY = '2026-03-10';

describe('the range from the address', () => {
  const resolve = (search: Record<string, unknown>) =>
    resolveRange(overviewSearchSchema.parse(search), TODAY);

  it('is the last 30 days up to today when the address names none', () => {
    expect(resolve({})).toEqual({ days: 30, from: '2026-02-09', to: TODAY });
  });

  it('takes the presets as the router reads them (a number) or as text', () => {
    expect(resolve({ days: 7 })).toEqual({ days: 7, from: '2026-03-04', to: TODAY });
    expect(resolve({ days: '90' })).toEqual({ days: 90, from: '2025-12-11', to: TODAY });
  });

  it('drops a preset that is not offered', () => {
    expect(resolve({ days: 14 })).toEqual({ days: 30, from: '2026-02-09', to: TODAY });
    expect(resolve({ days: 'all' }).days).toBe(30);
  });

  it('takes a custom range over a preset', () => {
    expect(resolve({ days: 7, from: '2026-01-01', to: '2026-01-31' })).toEqual({
      days: null,
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(resolve({ from: '2026-01-05', to: '2026-01-05' })).toEqual({
      days: null,
      from: '2026-01-05',
      to: '2026-01-05',
    });
  });

  it('falls back to the preset when the custom range is unusable', () => {
    for (const search of [
      { from: '2026-01-31', to: '2026-01-01' }, // backwards
      { from: '2026-02-30', to: '2026-03-01' }, // no such day
      { from: '2026-01-01' }, // half
      { from: '01/01/2026', to: '2026-01-31' }, // not YYYY-MM-DD
      { from: '2025-01-01', to: '2026-01-02' }, // 367 days
    ]) {
      expect(resolve({ ...search, days: 7 }), JSON.stringify(search)).toEqual({
        days: 7,
        from: '2026-03-04',
        to: TODAY,
      });
    }
  });

  it('takes 366 days, no more', () => {
    expect(customRangeProblem('2025-01-01', '2026-01-01')).toBeNull();
    expect(customRangeProblem('2025-01-01', '2026-01-02')).toBe(
      'A range can span at most 366 days.',
    );
    expect(customRangeProblem('2026-01-02', '2026-01-01')).toBe(
      'The end date must be on or after the start date.',
    );
    expect(customRangeProblem('', '2026-01-01')).toBe('Choose a start and an end date.');
  });

  it('is written back to the address without the default', () => {
    expect(searchFor({ days: 30 })).toEqual({});
    expect(searchFor({ days: 90 })).toEqual({ days: 90 });
    expect(searchFor({ from: '2026-01-01', to: '2026-01-31' })).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
    });
  });

  it('gives the CSV address of the days on screen', () => {
    expect(analyticsCsvHref({ from: '2026-01-01', to: '2026-01-31' })).toBe(
      '/api/analytics.csv?from=2026-01-01&to=2026-01-31',
    );
  });
});

describe('calendar days', () => {
  it('count across months, years and a leap day', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(daysSpanned('2024-02-01', '2024-03-01')).toBe(30);
    expect(daysSpanned('2026-03-10', '2026-03-10')).toBe(1);
  });

  it("take today from this computer's calendar, not UTC", () => {
    // 23:30 local on March 9th is March 9th, whatever UTC says.
    expect(localToday(new Date(2026, 2, 9, 23, 30))).toBe('2026-03-09');
    expect(localToday(new Date(2026, 0, 1, 0, 5))).toBe('2026-01-01');
  });
});

describe('the change against the previous period', () => {
  it('is a percentage of the previous count', () => {
    expect(periodChange(125, 100)).toEqual({ direction: 'up', words: 'up 25%' });
    expect(periodChange(90, 100)).toEqual({ direction: 'down', words: 'down 10%' });
    expect(periodChange(1, 3)).toEqual({ direction: 'down', words: 'down 66.7%' });
    expect(periodChange(100_001, 100_000)).toEqual({ direction: 'up', words: 'up <0.1%' });
  });

  it('says "no change" for equal numbers, zeros included', () => {
    expect(periodChange(40, 40)).toEqual({ direction: 'same', words: 'no change' });
    expect(periodChange(0, 0)).toEqual({ direction: 'same', words: 'no change' });
  });

  it('has no percentage when the previous period had none', () => {
    expect(periodChange(12, 0)).toEqual({ direction: 'up', words: 'up from none' });
    expect(periodChange(0, 12)).toEqual({ direction: 'down', words: 'down 100%' });
  });

  it('moves a rate by percentage points', () => {
    expect(periodChange(0.05, 0.035, 'rate')).toEqual({
      direction: 'up',
      words: 'up 1.5 points',
    });
    expect(periodChange(0.02, 0.03, 'rate')).toEqual({ direction: 'down', words: 'down 1 point' });
    expect(periodChange(0.1, 0, 'rate')).toEqual({ direction: 'up', words: 'up 10 points' });
  });
});

describe('formatting', () => {
  it('writes counts and rates the English way', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatRate(0.0425)).toBe('4.3%');
    expect(formatRate(0)).toBe('0%');
    expect(formatRate(conversionRate(3, 0))).toBe('0%');
    expect(formatRate(conversionRate(1, 8))).toBe('12.5%');
  });

  // Its days are written by admin/ui/date-time.tsx, and tested there.
  it('writes the length of a range', () => {
    expect(formatDayCount(1)).toBe('1 day');
    expect(formatDayCount(90)).toBe('90 days');
  });
});

describe('the chart scale', () => {
  it('puts round, whole gridlines at or above the largest value', () => {
    expect(chartScale(0)).toEqual({ top: 4, ticks: [0, 1, 2, 3, 4] });
    expect(chartScale(3)).toEqual({ top: 4, ticks: [0, 1, 2, 3, 4] });
    expect(chartScale(7)).toEqual({ top: 8, ticks: [0, 2, 4, 6, 8] });
    expect(chartScale(17)).toEqual({ top: 20, ticks: [0, 5, 10, 15, 20] });
    expect(chartScale(40)).toEqual({ top: 40, ticks: [0, 10, 20, 30, 40] });
    expect(chartScale(41)).toEqual({ top: 80, ticks: [0, 20, 40, 60, 80] });
    expect(chartScale(1234)).toEqual({ top: 2000, ticks: [0, 500, 1000, 1500, 2000] });
  });
});

describe('the median time to first reply in words', () => {
  it.each([
    [null, '—'],
    [0, '0 min'],
    [45, '45 min'],
    [59, '59 min'],
    [60, '1 h'],
    [190, '3 h 10 min'],
    [1439, '23 h 59 min'],
    [1440, '1 d'],
    [3120, '2 d 4 h'],
    // Minutes under a day's hours are left out of "d h".
    [3179, '2 d 4 h'],
  ])('%s minutes: %s', (minutes, words) => {
    expect(formatMinutes(minutes)).toBe(words);
  });
});

describe('which sources bring clients', () => {
  const row = (source: string, visitors: number, leads: number, won: number, wonValue: number) => ({
    source,
    visitors,
    contacts: leads,
    bookings: 0,
    leads,
    won,
    wonValue,
  });

  it('keeps the sources with leads, by value won, clients won, leads, then visitors', () => {
    const sources = [
      row('www.google.com', 900, 6, 1, 1_000),
      row('traffic.example', 500, 0, 0, 0),
      row('Direct', 300, 2, 0, 0),
      row('newsletter', 40, 2, 2, 12_000),
      row('linkedin.com', 0, 3, 1, 1_000),
      row('bing.com', 20, 2, 0, 0),
    ];
    expect(sourcesOfClients(sources).map((r) => r.source)).toEqual([
      'newsletter',
      'www.google.com',
      'linkedin.com',
      'Direct',
      'bing.com',
    ]);
    // The report's own list keeps its order.
    expect(sources[0]!.source).toBe('www.google.com');
  });
});
