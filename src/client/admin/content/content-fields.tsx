import type { ReactNode } from 'react';
import { CONTENT_LIMITS, type SiteContent } from '#shared/site-content';
import type { SiteMedia } from '#shared/shapes/media';
import { DEFAULT_PRIVACY_MARKDOWN } from '#shared/site-content-privacy';
import { DEFAULT_TERMS_MARKDOWN } from '#shared/site-content-terms';
import type { FieldPath } from './content-values';
import { PhoneName } from './phone-name';

/** One field of the Content form: where its value sits in the site's content, and its words. */
export interface FieldSpec {
  path: FieldPath;
  label: string;
  multiline?: boolean;
  rows?: number;
  /**
   * A value short by nature (a phone number, a count): an input, half the row from md up.
   * Every other line takes the whole row and wraps onto more lines as it grows, so a long
   * title or address shows whole (docs/admin-guide.md, "Content").
   */
  short?: boolean;
  /** years: a whole number; lines: one entry per line. */
  kind?: 'years' | 'lines';
  description?: string;
  /** Shown only while this holds (the video's address, only for a YouTube or Vimeo video). */
  when?: (values: SiteContent) => boolean;
  /** The text a fresh site ships with: while the field holds it, the field says so. */
  startingText?: string;
  /** Follows the description, drawn from the values as typed (the short name on a phone). */
  more?: (values: SiteContent, media: SiteMedia | undefined) => ReactNode;
}

const text = (path: FieldPath, label: string, more: Partial<FieldSpec> = {}): FieldSpec => ({
  path,
  label,
  ...more,
});
const para = (path: FieldPath, label: string, rows = 3): FieldSpec => ({
  path,
  label,
  multiline: true,
  rows,
});

const ordinal = ['First', 'Second', 'Third', 'Fourth'];

/**
 * A phone's header has room for a few characters of the short name beside the theme switch
 * and the menu button; the field shows what it will show, measured as typed (phone-name.tsx).
 */
const SHORT_NAME_HINT = `At most ${CONTENT_LIMITS.shortNameMax} characters; a phone’s header cuts a longer one short with "…".`;

/** The form's sections, in the order of the page they describe, then the e-mail's words. */
export const SECTIONS: { id: string; title: string; intro?: string; fields: FieldSpec[] }[] = [
  {
    id: 'company',
    title: 'Company',
    fields: [
      text(['company', 'name'], 'Company name'),
      text(['company', 'shortName'], 'Short name (the logo’s bold part)', {
        description: SHORT_NAME_HINT,
        more: (values, media) => (
          <PhoneName
            name={values.company.name}
            shortName={values.company.shortName}
            image={media?.logo}
          />
        ),
      }),
      para(['company', 'tagline'], 'Tagline (footer)', 2),
      text(['company', 'pageTitle'], 'Page title (browser tab and search results)'),
      para(['company', 'description'], 'Page description (search results and sharing)', 2),
    ],
  },
  {
    id: 'contact',
    title: 'Contact details',
    fields: [
      text(['contact', 'phone'], 'Phone', { short: true }),
      text(['contact', 'email'], 'E-mail address', { short: true }),
      text(['contact', 'office'], 'Office', { short: true }),
      text(['contact', 'profileUrl'], 'Profile page address', {
        description: 'e.g. https://www.linkedin.com/company/your-company',
      }),
      text(['contact', 'profileName'], 'Profile page name', { short: true }),
    ],
  },
  {
    id: 'founder',
    title: 'Founder',
    fields: [
      text(['founder', 'name'], 'Name (optional)', {
        description: 'Shown in About when given; empty, the founder is named by role only.',
      }),
      text(['founder', 'role'], 'Role'),
      text(['founder', 'softwareYears'], 'Years of software engineering', {
        kind: 'years',
        short: true,
      }),
      text(['founder', 'aiYears'], 'Years in artificial intelligence', {
        kind: 'years',
        short: true,
      }),
    ],
  },
  {
    id: 'hero',
    title: 'Hero',
    fields: [
      text(['hero', 'headlineStart'], 'Headline'),
      text(['hero', 'headlineHighlight'], 'Highlighted end of the headline'),
      para(['hero', 'intro'], 'Introduction'),
      text(['headings', 'heroBadge'], 'Badge above the headline', { short: true }),
      text(['headings', 'heroServicesButton'], 'Button to the services', { short: true }),
    ],
  },
  {
    id: 'facts',
    title: 'AI facts',
    intro: 'The heading above the facts carousel; the facts themselves are on the Facts screen.',
    fields: [
      text(['headings', 'factsEyebrow'], 'Small line above the title', { short: true }),
      text(['headings', 'factsTitle'], 'Title', { short: true }),
    ],
  },
  {
    id: 'values',
    title: 'Value items',
    fields: [
      text(['headings', 'valueTitle'], 'Section title (read out by screen readers, not shown)'),
      ...[0, 1, 2].flatMap((i) => [
        text(['valueItems', i, 'title'], `${ordinal[i]} item: title`),
        para(['valueItems', i, 'description'], `${ordinal[i]} item: text`, 2),
      ]),
    ],
  },
  {
    id: 'services',
    title: 'Services',
    intro: 'The section’s title and subtitle, then three service cards, four features each.',
    fields: [
      text(['headings', 'servicesTitle'], 'Section title'),
      para(['headings', 'servicesIntro'], 'Section subtitle', 2),
      ...[0, 1, 2].flatMap((i) => [
        text(['services', i, 'title'], `${ordinal[i]} service: title`),
        para(['services', i, 'description'], `${ordinal[i]} service: description`, 2),
        ...[0, 1, 2, 3].map((f) =>
          text(['services', i, 'features', f], `${ordinal[i]} service: feature ${f + 1}`),
        ),
      ]),
    ],
  },
  {
    id: 'cta',
    title: 'Call to action',
    fields: [
      text(['cta', 'title'], 'Title'),
      para(['cta', 'text'], 'Text'),
      text(['cta', 'button'], 'Button label', { short: true }),
    ],
  },
  {
    id: 'about',
    title: 'About',
    fields: [
      text(['about', 'title'], 'Title'),
      para(
        ['about', 'text'],
        'Text (after the sentence about the founder; paragraphs apart by an empty line)',
        6,
      ),
    ],
  },
  {
    id: 'video',
    title: 'Demo video',
    intro: 'What “See AI in Action” shows.',
    fields: [
      text(['video', 'embedUrl'], 'Video address', {
        description:
          'The address of the video’s page as you copy it, e.g. https://www.youtube.com/watch?v=VIDEO_ID, https://youtu.be/VIDEO_ID or https://vimeo.com/123456',
        when: (values) => values.video.source === 'embed',
      }),
      text(['video', 'title'], 'Title'),
      para(['video', 'description'], 'Description', 2),
    ],
  },
  {
    id: 'footer',
    title: 'Footer',
    fields: [
      {
        path: ['footerServices'],
        label: 'Service links',
        multiline: true,
        rows: 5,
        kind: 'lines',
        description: `One per line, ${CONTENT_LIMITS.footerServicesMin} to ${CONTENT_LIMITS.footerServicesMax}; each leads to the services section.`,
      },
      para(['headings', 'newsletterText'], 'Newsletter line (under “Stay Updated”)', 2),
    ],
  },
  {
    id: 'legal',
    title: 'Legal pages',
    intro:
      'In Markdown (# Heading, **bold**, [text](https://…), - lists). A page with no text does not exist: its footer entry stays plain text. These texts are yours and you are responsible for them: the starting privacy policy and terms of service describe this software with its default settings; check them against your business and the law that applies to you.',
    fields: [
      {
        ...para(['legal', 'privacy'], 'Privacy Policy (/privacy)', 10),
        startingText: DEFAULT_PRIVACY_MARKDOWN,
      },
      {
        ...para(['legal', 'terms'], 'Terms of Service (/terms)', 10),
        startingText: DEFAULT_TERMS_MARKDOWN,
      },
      para(['legal', 'cookies'], 'Cookie Policy (/cookies)', 6),
      para(['legal', 'responsibleAi'], 'Responsible AI (/responsible-ai)', 6),
    ],
  },
  {
    id: 'acknowledgement',
    title: 'Acknowledgement e-mail',
    intro:
      'Sent to a visitor right after they send the contact form, when switched on. It carries only these words, signed with the company name, never what the visitor wrote, and goes to an address at most once in 24 hours. Replies to it go to your mailbox (REPLY_TO).',
    fields: [
      text(['acknowledgement', 'subject'], 'Acknowledgement subject'),
      {
        ...para(['acknowledgement', 'body'], 'Acknowledgement text', 6),
        description:
          'In Markdown, as a reply is (**bold**, [text](https://…), - lists). The company name follows it as the signature.',
      },
    ],
  },
];
