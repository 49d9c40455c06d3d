/**
 * The site's uploaded images (docs/content.md, "Images"): the logo, the founder's photo, the
 * sharing image and the favicon. Uploaded on the admin's Content screen, stored in the
 * database, resized on the server and served at hashed addresses under /uploads/. What the
 * public pages need of them travels with the site content (`SiteContent.media`); a slot
 * without an upload is absent and the page shows its built-in default (or nothing).
 */
import type { SiteMedia } from './shapes/media';

export const MEDIA_SLOTS = ['logo', 'photo', 'og', 'favicon'] as const;
export type MediaSlot = (typeof MEDIA_SLOTS)[number];

export const MEDIA_SLOT_LABELS: Record<MediaSlot, string> = {
  logo: 'Logo',
  photo: "Founder's photo",
  og: 'Sharing image',
  favicon: 'Favicon',
};

/** The largest image accepted, in bytes (5 MB). */
export const MEDIA_MAX_BYTES = 5 * 1024 * 1024;

/** Where the served images live; /assets/ and /media/ are the build's (http/static.ts). */
export const MEDIA_URL_PREFIX = '/uploads/';

/** The sizes the page shows them at (css px); the server makes 1x and 2x of the photo. */
export const MEDIA_SIZES = {
  /** The About section's round photo. */
  photo: 112,
  /** The logo's height in the header and footer; stored at up to 3x. */
  logoHeight: 36,
  logoMaxStoredHeight: 108,
  logoMaxStoredWidth: 720,
  /** The most a logo's longer side may be to its shorter one (a wordmark is about 8). */
  logoMaxRatio: 20,
  og: { width: 1200, height: 630 },
  favicons: [32, 180, 192, 512],
} as const;

export const MEDIA_MESSAGES = {
  noFile: 'Choose an image file to upload (the form field "file").',
  tooLarge: `The image is larger than ${MEDIA_MAX_BYTES / 1024 / 1024} MB.`,
  notImage:
    'The file is not a JPEG, PNG, WebP or AVIF image (judged by its content, not its name).',
  svgOnlyLogo: 'An SVG image is accepted for the logo only.',
  svgUnreadable: 'The SVG image could not be read.',
  logoRatio: `The logo may be at most ${MEDIA_SIZES.logoMaxRatio} times as wide as it is high, or as high as it is wide.`,
  slot: 'The image must be one of: logo, photo, og, favicon.',
} as const;

/** What the public pages use of the uploads (addresses are paths on the site), with its schema. */

/** The icon links a page carries in place of the built-in ones. */
export interface SiteIcon {
  /** The tab's icon, with its type and (for the favicon's PNG) size. */
  icon: { href: string; type: string; sizes?: string };
  /** A phone's home-screen icon (a PNG), absent when there is none: the built-in one stays. */
  touch?: { href: string; sizes?: string };
}

/**
 * The site's icon (docs/content.md, "Images"): the uploaded favicon, else the uploaded logo
 * (its SVG, or its PNG), so a rebranded site never shows the starting company's mark; null
 * with neither, and the built-in icons stay. One rule for every page that names an icon.
 */
export function siteIcon(media: Pick<SiteMedia, 'favicon' | 'logo'> | undefined): SiteIcon | null {
  const { favicon, logo } = media ?? {};
  if (favicon) {
    return {
      icon: { href: favicon.png32, type: 'image/png', sizes: '32x32' },
      touch: { href: favicon.png180, sizes: '180x180' },
    };
  }
  if (!logo) return null;
  const svg = logo.src.endsWith('.svg');
  const png = svg ? logo.png : logo.src;
  return {
    icon: { href: logo.src, type: svg ? 'image/svg+xml' : 'image/png' },
    ...(png && { touch: { href: png } }),
  };
}
