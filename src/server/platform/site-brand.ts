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

export interface SiteBrand {
  /** The full name ('Acme AI Engineering'). */
  name: string;
  /** What the logo shows large ('Acme AI'). */
  shortName: string;
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
    const { company } = (await currentContent(db)).content;
    return { name: company.name, shortName: company.shortName };
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
 * Every mail's logo (shared/mail/frame.ts): the uploaded one as a PNG on SITE_URL, named by the
 * company, read at each mail. None before a logo is uploaded, for an SVG logo uploaded before
 * its PNG was made (mail programs show no SVG), and while the database cannot be reached.
 */
export function mailLogo(config: { siteUrl: string }, db: Db): () => Promise<MailLogo | null> {
  return async () => {
    try {
      const { content } = await currentContent(db);
      return mailLogoOf(content.media?.logo, content.company.name, config.siteUrl);
    } catch (error) {
      if (isDatabaseUnavailable(error)) return null;
      throw error;
    }
  };
}
