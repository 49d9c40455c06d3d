/**
 * The company name as the owner saved it on the Content screen (docs/content.md), for what the
 * server writes outside the public pages: e-mails, the newsletter's link pages, the router
 * app's frame, the web manifest, an authenticator app's issuer. Read through `currentContent`,
 * so it costs one change-counter read and follows a save on any instance at once.
 */
import { isDatabaseUnavailable, type Db } from '#db';
import { mailLogoOf, type MailLogo } from '#shared/mail/frame';
import { defaultCompany } from '#shared/site-content-defaults';
import { currentContent } from './site-content';
import { resolveSiteSettings, type SiteSettingsConfig } from './site-settings';
import { NOTHING_SAVED } from './site-settings-row';
import type { SiteMedia } from '#shared/shapes/media';
import type { BrandNames } from '#shared/page-data';

/** The brand's names and its uploaded marks. */
export interface SiteBrand extends BrandNames {
  /** The uploaded logo and favicon, for the pages the server writes itself; absent: built-in. */
  logo?: SiteMedia['logo'];
  favicon?: SiteMedia['favicon'];
}

/** The brand before the first save. */
export const DEFAULT_BRAND: SiteBrand = Object.freeze({
  name: defaultCompany.name,
  shortName: defaultCompany.shortName,
});

/**
 * The saved name and short name. While the database cannot be reached, the defaults: a mail
 * or a page that can still go out is better with the starting name than not at all.
 */
export async function siteBrand(db: Db): Promise<SiteBrand> {
  try {
    const { company, media } = (await currentContent(db)).content;
    return {
      name: company.name,
      shortName: company.shortName,
      ...(media?.logo && { logo: media.logo }),
      ...(media?.favicon && { favicon: media.favicon }),
    };
  } catch (error) {
    if (isDatabaseUnavailable(error)) return DEFAULT_BRAND;
    throw error;
  }
}

/**
 * Every mail's sender name (docs/operations.md, "Mail"): the name MAIL_FROM gives, else the
 * company's saved name, read at each mail so a rename shows in the next one.
 */
export function mailSenderName(
  config: { mailFromName: string | null },
  db: Db,
): () => Promise<string> {
  return async () => config.mailFromName ?? (await siteName(db));
}

/** The saved company name ('Acme AI Engineering' until the first save). */
export async function siteName(db: Db): Promise<string> {
  return (await siteBrand(db)).name;
}

/**
 * Every mail's logo (shared/mail/frame.ts): the uploaded one as a PNG on the site's address,
 * named by the company, read at each mail. None before a logo is uploaded, for an SVG logo uploaded before
 * its PNG was made (mail programs show no SVG), and while the database cannot be reached.
 */
export function mailLogo(config: SiteSettingsConfig, db: Db): () => Promise<MailLogo | null> {
  return async () => {
    try {
      const { content, settings } = await currentContent(db);
      const { address } = resolveSiteSettings(config, settings);
      return mailLogoOf(content.media?.logo, content.company.name, address);
    } catch (error) {
      if (isDatabaseUnavailable(error)) return null;
      throw error;
    }
  };
}

/** What a mail says of the site: its name, the address its links are on, its time zone. */
export interface MailSite {
  name: string;
  address: string;
  timeZone: string;
}

/**
 * The site as a mail names it, from one read of the content (one change-counter read, not
 * one for the name and one for the address). While the database cannot be reached, the
 * defaults and the environment's values, as for `siteBrand`.
 */
export async function mailSite(deps: { db: Db; config: SiteSettingsConfig }): Promise<MailSite> {
  let name = DEFAULT_BRAND.name;
  let saved = NOTHING_SAVED;
  try {
    const current = await currentContent(deps.db);
    name = current.content.company.name;
    saved = current.settings;
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
  }
  const { address, timeZone } = resolveSiteSettings(deps.config, saved);
  return { name, address, timeZone };
}
