import type { Device } from '#shared/analytics';

/** The part of a user agent anything reads (the analytics' hash and classifier, a session's name). */
export const MAX_AGENT_LENGTH = 512;

/**
 * What the site keeps of a user agent: the analytics a device class and a browser family,
 * the sessions list a browser and OS family ("Firefox on Windows"). Hand-written rather
 * than a parser library: a handful of families is all the screens show, these few tests run
 * on every event, and no version or model is wanted (docs/decisions/0029).
 */

/** Tablets first: an Android tablet says Android without Mobile, an iPad says iPad. */
const TABLET = /iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobi)/i;
const MOBILE = /Mobi|iPhone|iPod|Android|Windows Phone|BlackBerry|Opera Mini/i;

export function deviceOf(userAgent: string): Device {
  if (TABLET.test(userAgent)) return 'tablet';
  if (MOBILE.test(userAgent)) return 'mobile';
  return 'desktop';
}

/**
 * In order: most browsers also name the engines they descend from (Edge says Chrome and
 * Safari, Chrome says Safari), so the most specific name is tested first.
 */
const FAMILIES: [string, RegExp][] = [
  ['Edge', /Edg(?:e|A|iOS)?\//],
  ['Opera', /OPR\/|Opera|OPT\//],
  ['Samsung Internet', /SamsungBrowser\//],
  ['Firefox', /Firefox\/|FxiOS\//],
  ['Chrome', /Chrome\/|CriOS\/|Chromium\//],
  ['Safari', /Safari\//],
];

export function browserOf(userAgent: string): string {
  for (const [family, pattern] of FAMILIES) if (pattern.test(userAgent)) return family;
  return 'Other';
}

/** In order: iPadOS and iOS say "like Mac OS X", Android says Linux. */
const SYSTEMS: [string, RegExp][] = [
  ['iOS', /iPhone|iPad|iPod/],
  ['Android', /Android/],
  ['ChromeOS', /CrOS/],
  ['Windows', /Windows/],
  ['macOS', /Macintosh|Mac OS X/],
  ['Linux', /Linux|X11/],
];

export function systemOf(userAgent: string): string {
  for (const [family, pattern] of SYSTEMS) if (pattern.test(userAgent)) return family;
  return 'Other';
}

/** What a device is called when nothing names it (no agent, or one that names neither part). */
export const UNKNOWN_DEVICE = 'Unknown device';

/** "Chrome on Android"; "Unknown device" when the agent names neither. */
export function deviceName(userAgent: string): string {
  const browser = browserOf(userAgent);
  const system = systemOf(userAgent);
  if (browser === 'Other' && system === 'Other') return UNKNOWN_DEVICE;
  return `${browser === 'Other' ? 'A browser' : browser} on ${system === 'Other' ? 'an unknown system' : system}`;
}
