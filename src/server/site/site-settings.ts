/**
 * The site's public address and time zone in force (docs/content.md, "Address and time
 * zone"): SITE_URL and SITE_TIMEZONE when the environment sets them, else what the owner saved
 * on the Content screen, else the defaults (the listen address, UTC). Links in mail, the
 * passkey relying party, the origin check, analytics days, follow-up days and every time a
 * mail or the admin shows are made from `siteSettings()`, never from the config alone.
 *
 * The saved row is read with the site content (`latestContent`), whose change counter its
 * triggers move (migration 0018): each use costs one counter read, and a save through any
 * instance is used by the next request or mail of every instance.
 */
import { isDatabaseUnavailable, type Db } from '#db';
import type { SavedSiteSettings, SiteSettingsView } from '#shared/shapes/site-settings';
import { company } from '#shared/company';
import type { Config } from '#server/platform/config';
import { currentContent } from './site-content';
import { NOTHING_SAVED } from './site-settings-row';

export type SiteSettingsConfig = Pick<
  Config,
  'siteUrl' | 'siteUrlFromEnvironment' | 'siteTimezone' | 'siteTimezoneFromEnvironment'
>;

/** The one rule of precedence: the environment, then the admin, then the default. */
export function resolveSiteSettings(
  config: SiteSettingsConfig,
  saved: SavedSiteSettings,
): SiteSettingsView {
  return {
    address: config.siteUrlFromEnvironment ? config.siteUrl : (saved.address ?? config.siteUrl),
    timeZone: config.siteTimezoneFromEnvironment
      ? config.siteTimezone
      : (saved.timeZone ?? config.siteTimezone),
    saved,
    fromEnvironment: {
      address: config.siteUrlFromEnvironment,
      timeZone: config.siteTimezoneFromEnvironment,
    },
  };
}

/**
 * The address and time zone in force now. While the database cannot be reached, the
 * environment's or the defaults: a mail that can still go out is better with them than not
 * at all.
 */
export async function siteSettings(deps: {
  db: Db;
  config: SiteSettingsConfig;
}): Promise<SiteSettingsView> {
  try {
    return resolveSiteSettings(deps.config, (await currentContent(deps.db)).settings);
  } catch (error) {
    if (isDatabaseUnavailable(error)) return resolveSiteSettings(deps.config, NOTHING_SAVED);
    throw error;
  }
}

/**
 * Whether the environment (SITE_URL) or the admin gave the address in force; until then it is
 * the default, only where this server listens.
 */
export function addressGiven(site: SiteSettingsView): boolean {
  return site.fromEnvironment.address || site.saved.address !== null;
}

/**
 * The origin canonical links, sharing cards and the sitemap name: the address in force once
 * the environment or the admin gave one; before that the build's (`company.siteUrl`), since
 * the default address is only where this server listens.
 */
export function pagesOrigin(site: SiteSettingsView): string {
  return addressGiven(site) ? site.address : company.siteUrl;
}
