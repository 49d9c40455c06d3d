import { describe, expect, it } from 'vitest';
import { progressLabel, progressOf, progressSummary } from './progress';

describe('progressOf', () => {
  it('counts the open recipients as remaining while sending, rounding the share down', () => {
    expect(progressOf({ status: 'sending', total: 1000, sent: 412, failed: 3 })).toEqual({
      sent: 412,
      failed: 3,
      remaining: 585,
      skipped: 0,
      percent: 41,
      done: false,
    });
  });

  it('never says 100% before the server says sent, even when every recipient is dealt with', () => {
    expect(progressOf({ status: 'sending', total: 3, sent: 3, failed: 0 }).percent).toBe(99);
    expect(progressOf({ status: 'sending', total: 0, sent: 0, failed: 0 }).percent).toBe(0);
  });

  it('once sent: 100%, nothing remaining, and what is neither sent nor failed was skipped', () => {
    expect(progressOf({ status: 'sent', total: 10, sent: 7, failed: 1 })).toEqual({
      sent: 7,
      failed: 1,
      remaining: 0,
      skipped: 2,
      percent: 100,
      done: true,
    });
  });
});

describe('progressSummary', () => {
  it('reads "412 of 1,000 sent · 3 failed", thousands separated', () => {
    expect(progressSummary({ status: 'sending', total: 1000, sent: 412, failed: 3 })).toBe(
      '412 of 1,000 sent · 3 failed',
    );
  });

  it('leaves out failures and skips when there are none, names skips once sent', () => {
    expect(progressSummary({ status: 'sent', total: 1234, sent: 1234, failed: 0 })).toBe(
      '1,234 of 1,234 sent',
    );
    expect(progressSummary({ status: 'sent', total: 5, sent: 3, failed: 1 })).toBe(
      '3 of 5 sent · 1 failed · 1 skipped',
    );
  });
});

describe('progressLabel', () => {
  it('writes the share English style, with no space before the sign', () => {
    expect(progressLabel({ status: 'sent', total: 10, sent: 7, failed: 1 })).toBe(
      '100%: 7 of 10 sent · 1 failed · 2 skipped',
    );
    expect(progressLabel({ status: 'sending', total: 1000, sent: 412, failed: 3 })).toBe(
      '41%: 412 of 1,000 sent · 3 failed',
    );
  });
});
