import { describe, expect, it } from 'vitest';
import { siteTimeText } from './site-time';

describe('siteTimeText', () => {
  it("writes the moment in the site's zone, named, on either side of a clock change", () => {
    // London leaves GMT for BST at 01:00 UTC on 29 March 2026.
    expect(siteTimeText(new Date('2026-03-29T00:30:00Z'), 'Europe/London')).toBe(
      'Sunday 29 March 2026, 00:30 GMT',
    );
    expect(siteTimeText(new Date('2026-03-29T01:30:00Z'), 'Europe/London')).toBe(
      'Sunday 29 March 2026, 02:30 BST',
    );
  });

  it('gives the day of the zone, not of the server', () => {
    expect(siteTimeText(new Date('2026-11-25T23:30:00Z'), 'Asia/Tokyo')).toBe(
      'Thursday 26 November 2026, 08:30 GMT+9',
    );
    expect(siteTimeText(new Date('2026-11-25T23:30:00Z'), 'UTC')).toBe(
      'Wednesday 25 November 2026, 23:30 UTC',
    );
  });
});
