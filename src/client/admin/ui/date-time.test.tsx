/**
 * The admin area writes moments in the site's time zone, the one app.html names, whatever the
 * device's zone is (docs/admin-guide.md): a reply at 09:00 in Tokyo reads 09:00 everywhere.
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

afterEach(() => {
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
