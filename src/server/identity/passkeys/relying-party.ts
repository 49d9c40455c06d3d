import type { Config } from '#server/platform/config';

/**
 * The relying party is the site at SITE_URL: its host is the RP ID the credentials are bound
 * to, its origin the only page that may use them. Browsers refuse an IP address as RP ID,
 * which is why development defaults to `http://localhost:<PORT>` (docs/passkeys.md).
 */
export function relyingParty(config: Pick<Config, 'siteUrl'>): { id: string; origin: string } {
  const url = new URL(config.siteUrl);
  return { id: url.hostname, origin: url.origin };
}
