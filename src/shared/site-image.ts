/**
 * An image uploaded for one thing of the site's proof (docs/content.md, "Testimonials and
 * client logos"; docs/api.md, "Uploaded images"): an entry's cover, a testimonial's photo, a
 * client's logo. Stored by the media store as the site's own logo and photo are, served at
 * hashed addresses with resized variants; what the entity keeps of it is a SiteImage.
 */
import { z } from 'zod/mini';
import { oneLine, storedText } from './validation';

export const SITE_IMAGE_LIMITS = {
  /** 10 MB: a camera's photo fits; a body this size is taken only with a session. */
  maxBytes: 10 * 1024 * 1024,
  /** Decoding stops past this (a small file can claim a huge canvas). */
  maxPixels: 40_000_000,
  altMax: 200,
} as const;

/** What each kind of image is made into (css px; the server makes 1x and 2x). */
export const SITE_IMAGE_SIZES = {
  /** A testimonial's round photo beside the quote. */
  portrait: 64,
  /** An entry's cover across the text's column, and twice that for sharp screens. */
  coverWidths: [720, 1440],
  /** The cover as a sharing card (`og:image`), cropped. */
  coverCard: { width: 1200, height: 630 },
} as const;

/** The kinds of uploaded image, each with its own sizes (media/site-image-variants.ts). */
export const siteImageKindValues = ['cover', 'portrait', 'client_logo'] as const;
export type SiteImageKind = (typeof siteImageKindValues)[number];

export const SITE_IMAGE_MESSAGES = {
  notImage:
    'The file is not a JPEG, PNG, WebP, AVIF or SVG image (judged by its content, not its name).',
  tooLarge: 'The image is larger than 10 MB.',
  tooManyPixels: 'The image is larger than 40 megapixels.',
  altMax: `The description (alt text) must be at most ${SITE_IMAGE_LIMITS.altMax} characters`,
  altOneLine: 'The description (alt text) must be on one line',
} as const;

/**
 * The text read aloud in the image's place: optional (a blank one marks a decorative image,
 * or one its neighbour already names), trimmed, one line.
 */
export const altField = z._default(
  storedText().check(
    z.trim(),
    z.maxLength(SITE_IMAGE_LIMITS.altMax, SITE_IMAGE_MESSAGES.altMax),
    oneLine(SITE_IMAGE_MESSAGES.altOneLine),
  ),
  '',
);
