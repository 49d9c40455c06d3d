import { expect, it } from 'vitest';
import { AGENTS } from '#tests/support/analytics';
import { browserOf, deviceName, deviceOf, systemOf } from './user-agent';

it.each([
  [AGENTS.chromeWindows, 'desktop', 'Chrome'],
  [AGENTS.firefoxLinux, 'desktop', 'Firefox'],
  [AGENTS.safariIphone, 'mobile', 'Safari'],
  [AGENTS.chromeAndroidPhone, 'mobile', 'Chrome'],
  [AGENTS.safariIpad, 'tablet', 'Safari'],
  [
    'Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
    'tablet',
    'Chrome',
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
    'desktop',
    'Edge',
  ],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0',
    'desktop',
    'Opera',
  ],
  [
    'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
    'mobile',
    'Samsung Internet',
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
    'mobile',
    'Chrome',
  ],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
    'desktop',
    'Safari',
  ],
  ['SomeKioskBrowser/1.0', 'desktop', 'Other'],
])('%s: %s, %s', (agent, device, browser) => {
  expect(deviceOf(agent)).toBe(device);
  expect(browserOf(agent)).toBe(browser);
});

it.each([
  [AGENTS.chromeWindows, 'Windows', 'Chrome on Windows'],
  [AGENTS.firefoxLinux, 'Linux', 'Firefox on Linux'],
  [AGENTS.safariIphone, 'iOS', 'Safari on iOS'],
  [AGENTS.chromeAndroidPhone, 'Android', 'Chrome on Android'],
  [AGENTS.safariIpad, 'iOS', 'Safari on iOS'],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
    'macOS',
    'Safari on macOS',
  ],
  [
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    'ChromeOS',
    'Chrome on ChromeOS',
  ],
  ['curl/8.5.0', 'Other', 'Unknown device'],
  ['', 'Other', 'Unknown device'],
])('%s runs on %s: %s', (agent, system, name) => {
  expect(systemOf(agent)).toBe(system);
  expect(deviceName(agent)).toBe(name);
});
