/**
 * SiteContent: everything the public pages say about the business, edited on the admin's
 * Content screen and stored as versions in the database (docs/content.md). One schema for the
 * form (validation as the owner types) and the server (`content.save`), so both refuse the
 * same things with the same messages; an issue's path names the field, e.g.
 * `services.1.features.3`.
 */
import { z } from 'zod/mini';
import { isWebAddress, VIDEO_SOURCES, videoEmbedAddress } from './site-content-basics';
import { defaultAcknowledgement, defaultHeadings } from './site-content-defaults';
import { emailField, idField, oneLine, storedText } from './validation';
import type { SiteMedia } from './shapes/media';

export {
  isWebAddress,
  LEGAL_PAGES,
  phoneHref,
  VIDEO_SOURCES,
  videoEmbedAddress,
  videoFrameOrigin,
  type VideoSource,
} from './site-content-basics';

export const CONTENT_LIMITS = {
  line: 200,
  paragraph: 1000,
  /**
   * Each legal page. Four full pages and the rest of the content must fit in one request
   * body of at most 64 KiB (docs/api.md), so each page is kept well under a quarter of it.
   */
  legalMax: 12_000,
  footerServicesMin: 1,
  footerServicesMax: 8,
  yearsMax: 80,
  /** The logo's bold part; the Content screen says how much of it a phone's header shows. */
  shortNameMax: 40,
  /** The acknowledgement e-mail's subject line and its short body. */
  acknowledgementSubjectMax: 150,
  acknowledgementBodyMax: 2000,
} as const;

export const CONTENT_MESSAGES = {
  videoUrl:
    'Paste the address of a YouTube or Vimeo video, e.g. https://www.youtube.com/watch?v=VIDEO_ID or https://vimeo.com/123456',
  videoSource: 'Choose the demo video, a YouTube or Vimeo video, or no video',
  url: 'Please enter an address that starts with https:// or http://',
  phone: 'Phone must contain digits, spaces, + ( ) - . only, with at least 5 digits',
  years: `Years must be a whole number from 0 to ${CONTENT_LIMITS.yearsMax}`,
  oneLine: 'Must be on one line',
  footerServices: `Give between ${CONTENT_LIMITS.footerServicesMin} and ${CONTENT_LIMITS.footerServicesMax} footer links`,
  legal: `A legal page must be at most ${CONTENT_LIMITS.legalMax.toLocaleString('en-US')} characters`,
  stale:
    'Another administrator saved the content after you opened it. Reload their version, then make your changes again.',
  versionNotFound: 'Content version not found',
} as const;

/** A required single line of text, 1 to `max` characters after trimming. */
function line(max: number = CONTENT_LIMITS.line) {
  return storedText().check(
    z.trim(),
    z.minLength(1, 'Required'),
    z.maxLength(max, `Must be at most ${max} characters`),
    oneLine(CONTENT_MESSAGES.oneLine),
  );
}

/** A required paragraph (line breaks allowed), 1 to `max` characters after trimming. */
function paragraph(max: number = CONTENT_LIMITS.paragraph) {
  return storedText().check(
    z.trim(),
    z.minLength(1, 'Required'),
    z.maxLength(max, `Must be at most ${max} characters`),
  );
}

const webAddress = z.pipe(
  line(500),
  z.string().check(z.refine(isWebAddress, CONTENT_MESSAGES.url)),
);

const years = z
  .number(CONTENT_MESSAGES.years)
  .check(
    z.int(CONTENT_MESSAGES.years),
    z.minimum(0, CONTENT_MESSAGES.years),
    z.maximum(CONTENT_LIMITS.yearsMax, CONTENT_MESSAGES.years),
  );

/** A single line that may be left empty (the founder's name: shown only when given). */
function optionalLine(max: number) {
  return storedText().check(
    z.trim(),
    z.maxLength(max, `Must be at most ${max} characters`),
    oneLine(CONTENT_MESSAGES.oneLine),
  );
}

const legalPage = storedText().check(z.maxLength(CONTENT_LIMITS.legalMax, CONTENT_MESSAGES.legal));

const valueItem = z.object({ title: line(), description: paragraph() });

const serviceCard = z.object({
  title: line(),
  description: paragraph(),
  features: z.tuple([line(), line(), line(), line()]),
});

/**
 * The demo video: `source` says what "See AI in Action" shows (docs/content.md). For a YouTube
 * or Vimeo video the address may be any form people copy; it is stored as the player's
 * address (`videoEmbedAddress`). For the others the address is not kept.
 *
 * Content saved before `source` existed has none: an address there was a chosen video
 * ('embed'); an empty one hid the section, the only way it could be shown then, and now
 * means the demo that comes with the site.
 */
const video = z.pipe(
  z.object({
    source: z.optional(z.enum(VIDEO_SOURCES, CONTENT_MESSAGES.videoSource)),
    embedUrl: storedText().check(z.trim(), z.maxLength(500, CONTENT_MESSAGES.videoUrl)),
    title: line(120),
    description: paragraph(400),
  }),
  z.transform((input, ctx) => {
    const source = input.source ?? (input.embedUrl === '' ? 'demo' : 'embed');
    if (source !== 'embed') return { ...input, source, embedUrl: '' };
    const embedUrl = videoEmbedAddress(input.embedUrl);
    if (embedUrl === null) {
      ctx.issues.push({
        code: 'custom',
        message: CONTENT_MESSAGES.videoUrl,
        path: ['embedUrl'],
        input: input.embedUrl,
      });
      return z.NEVER;
    }
    return { ...input, source, embedUrl };
  }),
);

export const siteContentSchema = z.object({
  company: z.object({
    name: line(100),
    /** The logo's bold first part (the rest of the name follows it in lighter type). */
    shortName: line(CONTENT_LIMITS.shortNameMax),
    tagline: paragraph(300),
    pageTitle: line(120),
    description: paragraph(300),
  }),
  contact: z.object({
    phone: line(40).check(
      z.refine(
        (value) => /^[\d\s+().-]+$/.test(value) && (value.match(/\d/g)?.length ?? 0) >= 5,
        CONTENT_MESSAGES.phone,
      ),
    ),
    email: emailField,
    office: line(120),
    profileUrl: webAddress,
    profileName: line(40),
  }),
  founder: z.object({
    /** Shown in About when given; empty: the founder is named by role only, as before. */
    // A default: a version saved before the field existed, or an older client's save, has none.
    name: z._default(optionalLine(100), ''),
    role: line(120),
    softwareYears: years,
    aiYears: years,
  }),
  hero: z.object({
    headlineStart: line(80),
    headlineHighlight: line(40),
    intro: paragraph(400),
  }),
  valueItems: z.tuple([valueItem, valueItem, valueItem]),
  services: z.tuple([serviceCard, serviceCard, serviceCard]),
  cta: z.object({ title: line(), text: paragraph(400), button: line(60) }),
  about: z.object({ title: line(), text: paragraph(3000) }),
  video,
  footerServices: z
    .array(line(80))
    .check(
      z.minLength(CONTENT_LIMITS.footerServicesMin, CONTENT_MESSAGES.footerServices),
      z.maxLength(CONTENT_LIMITS.footerServicesMax, CONTENT_MESSAGES.footerServices),
    ),
  /** Markdown; empty: the page does not exist (404) and the footer shows plain text. */
  legal: z.object({
    privacy: legalPage,
    terms: legalPage,
    cookies: legalPage,
    responsibleAi: legalPage,
  }),
  /**
   * The short words around the sections (the hero's badge and second button, the section
   * titles, the newsletter's line): the starting words, as the spec's, until the owner changes
   * them. Content saved before they were editable, or by a client that does not know them, has
   * the starting words.
   */
  headings: z._default(
    z.object({
      heroBadge: line(80),
      heroServicesButton: line(60),
      valueTitle: line(120),
      servicesTitle: line(120),
      servicesIntro: paragraph(400),
      factsEyebrow: line(60),
      factsTitle: line(120),
      newsletterText: paragraph(300),
    }),
    () => defaultHeadings,
  ),
  /**
   * The e-mail a visitor gets right after sending the contact form, when `enabled` (off until
   * the owner turns it on; docs/content.md). Only these words and the site's name and address:
   * never anything the visitor typed. The body is Markdown, as a reply's is.
   */
  acknowledgement: z._default(
    z.object({
      enabled: z.boolean('Must be on or off'),
      subject: line(CONTENT_LIMITS.acknowledgementSubjectMax),
      body: paragraph(CONTENT_LIMITS.acknowledgementBodyMax),
    }),
    // A client that saves the content as it was before this section existed gets it off,
    // with the starting words, rather than a 400 (docs/api.md, "Content").
    () => defaultAcknowledgement,
  ),
});

/**
 * The words as saved, and the uploaded images as the server adds them when it reads the
 * content (server/media/, shared/site-media.ts): never saved with a version, the schema
 * leaves `media` out of what it keeps.
 */
export type SiteContent = z.output<typeof siteContentSchema> & { media?: SiteMedia };

const baseVersion = z
  .number('Base version must be a whole number of 0 or more')
  .check(z.int(), z.minimum(0), z.maximum(Number.MAX_SAFE_INTEGER));

export const contentSaveInput = z.object({
  content: siteContentSchema,
  baseVersion,
});

/** "Restore defaults": the version the screen shows, refused (409) as a save is when stale. */
export const contentDefaultsInput = z.object({ baseVersion });

/**
 * Restoring an older version: refused (409) as a save is when `baseVersion`, the version the
 * screen showed, is no longer the newest. Optional, as restoring took no body before: without
 * it the restore goes over whatever is newest (docs/api.md).
 */
export const contentRestoreInput = z.object({
  version: idField,
  baseVersion: z.optional(baseVersion),
});
