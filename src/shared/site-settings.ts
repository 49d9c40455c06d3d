/**
 * The site's public address and time zone (docs/content.md, "Address and time zone"): the
 * rules of the values the admin saves, shared by the server, the Content screen and the
 * environment's SITE_URL and SITE_TIMEZONE (server/platform/config.ts), so all three accept
 * and spell a value alike.
 */
import { z } from 'zod/mini';
import { canonicalTimezone } from './time-zone';

export const SITE_SETTINGS_MESSAGES = {
  address: 'Enter the address visitors type, such as https://www.example.com',
  timeZone: 'Choose a time zone such as Europe/London or America/New_York',
  addressFromEnvironment:
    'The address is set on the server (SITE_URL): change it there, or remove it to set it here',
  timeZoneFromEnvironment:
    'The time zone is set on the server (SITE_TIMEZONE): change it there, or remove it to set it here',
} as const;

/**
 * An http or https address's origin (`https://example.com/shop` gives `https://example.com`):
 * links are made on it and passkeys are bound to its host. Null for anything else.
 */
export function siteOrigin(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return null;
  return url.origin;
}

/**
 * A saved value's field: null or an empty (blank) text clears it, so the environment's value
 * or the default applies again; any other text must be one `normalize` accepts, and is kept
 * as it gives it back.
 */
function clearable(message: string, max: number, normalize: (text: string) => string | null) {
  return z.pipe(
    z.nullable(z.string(message).check(z.maxLength(max, message))),
    z.transform((value, ctx) => {
      const text = value?.trim() ?? '';
      if (text === '') return null;
      const normal = normalize(text);
      if (normal === null) {
        ctx.issues.push({ code: 'custom', message, input: value });
        return z.NEVER;
      }
      return normal;
    }),
  );
}

const address = clearable(SITE_SETTINGS_MESSAGES.address, 300, siteOrigin);
const timeZone = clearable(SITE_SETTINGS_MESSAGES.timeZone, 100, canonicalTimezone);

/** What the Content screen saves: null (or an empty text) for "not set here". */
export const siteSettingsInput = z.object({ address, timeZone });

export type SavedSiteSettings = z.output<typeof siteSettingsInput>;

/** The values in force and where each comes from. */
export interface SiteSettingsView {
  /** The origin links are made on and passkeys are bound to. */
  address: string;
  timeZone: string;
  /** What was saved in the admin (null: nothing). */
  saved: SavedSiteSettings;
  /** Which values the server's environment sets: those win and cannot be changed here. */
  fromEnvironment: { address: boolean; timeZone: boolean };
}
