/**
 * The admin area writes moments in the site's time zone, the one app.html names, whatever the
 * device's zone is (docs/admin-guide.md): a reply at 09:00 in Tokyo reads 09:00 everywhere. It
 * writes them in the browser's language: 24-hour "26 Nov 2026, 00:38" in an en-GB browser.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { SITE_TIME_ZONE_ELEMENT_ID } from '#shared/page-data';

/** The module as a page with that zone in its app.html loads it (it reads the zone once). */
async function loadWith(zoneJson: string | null) {
  document.getElementById(SITE_TIME_ZONE_ELEMENT_ID)?.remove();
  if (zoneJson !== null) {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = SITE_TIME_ZONE_ELEMENT_ID;
    element.textContent = zoneJson;
    document.head.append(element);
  }
  vi.resetModules();
  return import('./date-time');
}

/** The browser's language, as navigator.language gives it, until the test ends. */
function browserLanguage(language: string) {
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(language);
}

afterEach(() => {
  vi.restoreAllMocks();
  cleanup();
  document.getElementById(SITE_TIME_ZONE_ELEMENT_ID)?.remove();
});

const deviceZone = new Intl.DateTimeFormat().resolvedOptions().timeZone;

describe("the admin's moments", () => {
  it("are written in the site's zone from the page", async () => {
    const { formatDateTime, adminTimeZone } = await loadWith('"Asia/Tokyo"');
    expect(adminTimeZone()).toBe('Asia/Tokyo');
    expect(formatDateTime('2026-01-15T00:00:00Z')).toBe('Jan 15, 2026, 9:00 AM');
  });

  it("fall back to the device's zone without one, or with one the browser does not know", async () => {
    for (const json of [null, '"Mars/Olympus_Mons"', '42', 'not json']) {
      const { adminTimeZone } = await loadWith(json);
      expect({ json, zone: adminTimeZone() }).toEqual({ json, zone: deviceZone });
    }
  });

  it('are named as the zone was given, and a saved zone shows at once where the hook is used', async () => {
    const { useAdminTimeZone, setAdminTimeZone, adminTimeZone } = await loadWith('"Asia/Kolkata"');
    // Chromium and Node 20 read this zone as Asia/Calcutta: the name stays the one given.
    expect(adminTimeZone()).toBe('Asia/Kolkata');
    function Footer() {
      return <p>Times are in {useAdminTimeZone()}</p>;
    }
    render(<Footer />);
    expect(screen.getByText('Times are in Asia/Kolkata')).toBeDefined();
    act(() => setAdminTimeZone('Europe/Kyiv'));
    expect(screen.getByText('Times are in Europe/Kyiv')).toBeDefined();
  });
});

describe("the admin's dates, in the browser's language", () => {
  it('are 24-hour, day first, in an en-GB browser (issue 45: a London business read "12:38 AM")', async () => {
    const { formatDateTime, formatLastActive } = await loadWith('"Europe/London"');
    browserLanguage('en-GB');
    expect(formatDateTime('2026-11-26T00:38:00Z')).toBe('26 Nov 2026, 00:38');
    expect(formatDateTime('2026-07-01T13:05:00Z')).toBe('1 Jul 2026, 14:05');
    const now = Date.parse('2026-03-10T12:00:00Z');
    expect(formatLastActive('2026-03-02T12:00:00Z', now)).toBe('2 Mar 2026, 12:00');
  });

  it('are 12-hour, month first, in an en-US browser, in the same zone', async () => {
    const { formatDateTime } = await loadWith('"Europe/London"');
    browserLanguage('en-US');
    expect(formatDateTime('2026-11-26T00:38:00Z')).toBe('Nov 26, 2026, 12:38 AM');
    expect(formatDateTime('2026-07-01T13:05:00Z')).toBe('Jul 1, 2026, 2:05 PM');
  });

  it("write calendar days in the browser's order, never moved to another day by a zone", async () => {
    const dates = await loadWith('"Pacific/Honolulu"');
    browserLanguage('en-GB');
    expect(dates.formatDay('2026-03-01')).toBe('1 Mar');
    expect(dates.formatFullDay('2026-03-07')).toBe('Sat, 7 Mar 2026');
    expect(dates.formatRange('2026-03-01', '2026-03-07')).toBe('1 Mar – 7 Mar 2026');
    expect(dates.formatWordDate('2023-03-14T00:00:00.000Z')).toBe('14 March 2023');
    browserLanguage('en-US');
    expect(dates.formatDay('2025-12-31')).toBe('Dec 31');
    expect(dates.formatFullDay('2026-03-07')).toBe('Sat, Mar 7, 2026');
    expect(dates.formatRange('2026-03-01', '2026-03-07')).toBe('Mar 1 – Mar 7, 2026');
    expect(dates.formatRange('2025-12-25', '2026-01-07')).toBe('Dec 25, 2025 – Jan 7, 2026');
    expect(dates.formatRange('2026-03-07', '2026-03-07')).toBe('Mar 7, 2026');
    expect(dates.formatWordDate('2023-03-14T00:00:00.000Z')).toBe('March 14, 2023');
  });

  it("write a booking's free times in the booking's own zone, in the browser's language", async () => {
    const dates = await loadWith('"Europe/London"');
    browserLanguage('en-GB');
    expect(dates.formatZoneDay('2026-11-30T14:30:00Z', 'America/New_York')).toBe(
      'Monday 30 November',
    );
    expect(dates.formatZoneClock('2026-11-30T14:30:00Z', 'America/New_York')).toBe('09:30');
    browserLanguage('en-US');
    expect(dates.formatZoneDay('2026-11-30T14:30:00Z', 'America/New_York')).toBe(
      'Monday, November 30',
    );
    expect(dates.formatZoneClock('2026-11-30T19:30:00Z', 'America/New_York')).toBe('02:30 PM');
  });

  it("fall back to the runtime's language for a tag Intl refuses, and write nothing for no date", async () => {
    const { formatDateTime, formatDay, formatWordDate } = await loadWith('"Europe/London"');
    browserLanguage('not a language!');
    expect(formatDateTime('2026-11-26T00:38:00Z')).toBe(
      new Intl.DateTimeFormat(undefined, {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'Europe/London',
      }).format(new Date('2026-11-26T00:38:00Z')),
    );
    expect(formatDateTime('not a date')).toBe('');
    expect(formatWordDate('')).toBe('');
    expect(formatDay('2026-13-45')).toBe('');
  });
});

describe('formatLastActive', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  const before = (ms: number) => new Date(now - ms).toISOString();
  const MINUTE = 60_000;

  it('says how long ago in words up to a week', async () => {
    const { formatLastActive } = await loadWith(null);
    expect(formatLastActive(before(5_000), now)).toBe('just now');
    expect(formatLastActive(before(-30_000), now)).toBe('just now');
    expect(formatLastActive(before(MINUTE), now)).toBe('1 minute ago');
    expect(formatLastActive(before(59 * MINUTE), now)).toBe('59 minutes ago');
    expect(formatLastActive(before(60 * MINUTE), now)).toBe('1 hour ago');
    expect(formatLastActive(before(23 * 60 * MINUTE), now)).toBe('23 hours ago');
    expect(formatLastActive(before(30 * 60 * MINUTE), now)).toBe('yesterday');
    expect(formatLastActive(before(3 * 24 * 60 * MINUTE), now)).toBe('3 days ago');
    expect(formatLastActive('not a date', now)).toBe('');
  });
});
