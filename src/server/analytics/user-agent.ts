import type { Device } from '../../shared/analytics';

/**
 * The two things the analytics keep of a user agent: a device class and a browser family.
 * Hand-written rather than a parser library: three classes and a handful of families are
 * all the report shows, these few tests run on every event, and no version, model or
 * operating system is wanted (docs/decisions/0029).
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
