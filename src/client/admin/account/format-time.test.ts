import { describe, expect, it } from 'vitest';
import { formatLastActive } from './format-time';

const now = Date.parse('2026-03-10T12:00:00Z');
const before = (ms: number) => new Date(now - ms).toISOString();
const MINUTE = 60_000;

describe('formatLastActive', () => {
  it('says how long ago in words up to a week', () => {
    expect(formatLastActive(before(5_000), now)).toBe('just now');
    expect(formatLastActive(before(-30_000), now)).toBe('just now');
    expect(formatLastActive(before(MINUTE), now)).toBe('1 minute ago');
    expect(formatLastActive(before(59 * MINUTE), now)).toBe('59 minutes ago');
    expect(formatLastActive(before(60 * MINUTE), now)).toBe('1 hour ago');
    expect(formatLastActive(before(23 * 60 * MINUTE), now)).toBe('23 hours ago');
    expect(formatLastActive(before(30 * 60 * MINUTE), now)).toBe('yesterday');
    expect(formatLastActive(before(3 * 24 * 60 * MINUTE), now)).toBe('3 days ago');
  });

  it('gives the date past a week, and nothing for an unreadable moment', () => {
    const old = before(8 * 24 * 60 * MINUTE);
    expect(formatLastActive(old, now)).toMatch(/^Mar 2, 2026, \d{1,2}:\d{2}\s[AP]M$/);
    expect(formatLastActive('not a date', now)).toBe('');
  });
});
