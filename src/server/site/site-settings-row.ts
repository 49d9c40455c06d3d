/**
 * The saved row of the site's address and time zone (site/site-settings.ts says which
 * values are in force), read with the site content.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '#db';
import { siteSettings } from '#db/schema';
import { siteOrigin } from '#shared/site-settings';
import type { SavedSiteSettings } from '#shared/shapes/site-settings';
import { canonicalTimezone } from '#shared/time-zone';

/** The one row's id: there is one site. */
export const SITE_SETTINGS_ROW = 1;

export const NOTHING_SAVED: SavedSiteSettings = Object.freeze({ address: null, timeZone: null });

/**
 * The saved values. A value this code would not have written (changed by hand) counts as not
 * saved, so a typo in the database cannot take the site's links away.
 */
export async function readSavedSiteSettings(db: Db): Promise<SavedSiteSettings> {
  const row = await db
    .select({ address: siteSettings.address, timeZone: siteSettings.timeZone })
    .from(siteSettings)
    .where(eq(siteSettings.id, SITE_SETTINGS_ROW))
    .get();
  if (!row) return NOTHING_SAVED;
  return {
    address: row.address === null ? null : siteOrigin(row.address),
    timeZone: row.timeZone === null ? null : canonicalTimezone(row.timeZone),
  };
}
