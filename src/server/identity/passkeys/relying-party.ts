import type { Db } from '#db';
import { siteSettings, type SiteSettingsConfig } from '#server/site/site-settings';

/**
 * The relying party is the site at its public address (SITE_URL, or the one saved in the
 * admin): its host is the RP ID the credentials are bound to, its origin the only page that
 * may use them. Browsers refuse an IP address as RP ID, which is why development defaults to
 * `http://localhost:<PORT>` (docs/passkeys.md).
 */
export async function relyingParty(ctx: {
  db: Db;
  config: SiteSettingsConfig;
}): Promise<{ id: string; origin: string }> {
  const url = new URL((await siteSettings(ctx)).address);
  return { id: url.hostname, origin: url.origin };
}
