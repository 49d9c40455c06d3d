import { describe, expect, it } from 'vitest';
import { followUpInputValue, formatSpan, quietLabel, waitingLabel } from './lead-time';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const before = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;

describe('formatSpan', () => {
  it('says minutes under an hour, rounded down', () => {
    expect(formatSpan(before(0), NOW)).toBe('0 min');
    expect(formatSpan(before(59 * MIN + 59_000), NOW)).toBe('59 min');
  });

  it('says hours from one hour to under two days', () => {
    expect(formatSpan(before(60 * MIN), NOW)).toBe('1 h');
    expect(formatSpan(before(3 * 60 * MIN + 30 * MIN), NOW)).toBe('3 h');
    expect(formatSpan(before(47 * 60 * MIN + 59 * MIN), NOW)).toBe('47 h');
  });

  it('says days from two days on', () => {
    expect(formatSpan(before(48 * 60 * MIN), NOW)).toBe('2 days');
    expect(formatSpan(before(15 * 24 * 60 * MIN + 5 * MIN), NOW)).toBe('15 days');
  });

  it('says 0 min for a moment ahead of this clock or a bad value', () => {
    expect(formatSpan(new Date(NOW + 5 * MIN).toISOString(), NOW)).toBe('0 min');
    expect(formatSpan('not a date', NOW)).toBe('0 min');
  });
});

describe('the attention labels', () => {
  it('says how long a new lead has waited and how long an active one has been quiet', () => {
    expect(waitingLabel(before(3 * 60 * MIN), NOW)).toBe('waiting 3 h');
    expect(quietLabel(before(14 * 24 * 60 * MIN), NOW)).toBe('quiet 14 days');
  });
});

describe('followUpInputValue', () => {
  it('is the local calendar day of the stored moment, or empty', () => {
    const local = new Date(2026, 3, 7, 9, 30);
    expect(followUpInputValue(local.toISOString())).toBe('2026-04-07');
    expect(followUpInputValue(null)).toBe('');
    expect(followUpInputValue('nonsense')).toBe('');
  });
});
