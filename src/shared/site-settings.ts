/**
 * The site's public address and time zone (docs/content.md, "Address and time zone"): the
 * rules of the values the admin saves, shared by the server, the Content screen and the
 * environment's SITE_URL and SITE_TIMEZONE (server/platform/config.ts), so all three accept
 * and spell a value alike.
 */
import { z } from 'zod/mini';
import { provenPasswordField } from './account';
import { canonicalTimezone } from './time-zone';

export const SITE_SETTINGS_MESSAGES = {
  address: 'Enter the address visitors type, such as https://www.example.com',
  addressInProduction:
    'Enter an address that starts with https:// and names the site’s host (not an IP address), such as https://www.example.com',
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
 * Whether an origin (`siteOrigin`'s) may be the public address of a site in production
 * (docs/content.md): `https://` and a host name, never an IP address, since every link with a
 * token and the passkey relying party are made on it. The URL parser has already written any
 * IPv4 form (`2130706433`, `0x7f.1`) as four decimal parts and an IPv6 one in brackets.
 */
export function productionAddressAccepted(origin: string): boolean {
  const { protocol, hostname } = new URL(origin);
  return (
    protocol === 'https:' && !hostname.startsWith('[') && !/^\d+\.\d+\.\d+\.\d+$/.test(hostname)
  );
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

/**
 * What the Content screen saves: null (or an empty text) for "not set here". A new address
 * needs a recent proof (docs/accounts.md): the password, when the session signed in or last
 * proved itself over 10 minutes ago.
 */
export const siteSettingsInput = z.object({
  address,
  timeZone,
  password: z.optional(provenPasswordField),
});
export type SiteSettingsInput = z.input<typeof siteSettingsInput>;
