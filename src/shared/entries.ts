/**
 * Case studies and insights (docs/content.md, "Case studies and insights"; docs/api.md,
 * "Entries"): their kinds, limits, messages and inputs, written once for the procedures and
 * the admin's editor, so both refuse the same things with the same words. An issue's path
 * names the field: `slug`, `results`, `results.0.label`, `tags.2`.
 */
import { z } from 'zod/mini';
import { foreignImages } from './entry-markdown';
import { tagNameField } from './facts';
import type { Entry } from './shapes/entries';
import { idField, oneLine, pageField, storedText } from './validation';
import {
  entryKindValues,
  entryStatusValues,
  type EntryKind,
  type EntryStatus,
} from './entry-values';

export { entryKindValues, entryStatusValues, type EntryKind, type EntryStatus };

export const ENTRY_KIND_LABELS: Record<EntryKind, string> = {
  case_study: 'case study',
  insight: 'insight',
};

export const ENTRY_LIMITS = {
  slugMin: 3,
  slugMax: 80,
  titleMax: 120,
  summaryMax: 300,
  bodyMax: 50_000,
  /** Client and industry: optional, one line; 100 as a company name elsewhere (LIMITS). */
  clientMax: 100,
  industryMax: 100,
  results: 6,
  resultLabelMax: 60,
  resultValueMax: 40,
  /** Each tag is a fact's tag (1-40); ten say enough about one entry. */
  tags: 10,
  /** The admin list's search: more than a title's length finds nothing more. */
  searchMax: 200,
} as const;

/** The admin list's page; the public lists' page (DESIGN of the pages: 12). */
export const ENTRIES_PAGE_SIZE = 25;
export const PUBLISHED_PAGE_SIZE = 12;

/** Lower-case letters and digits in words joined by single hyphens: `cut-reply-time-63`. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export const ENTRY_MESSAGES = {
  slug: 'The address must be lower-case letters and digits, words joined by single hyphens (e.g. faster-answers-2026)',
  slugLength: `The address must be ${ENTRY_LIMITS.slugMin} to ${ENTRY_LIMITS.slugMax} characters`,
  slugTaken: 'Another entry of this kind already has this address: choose another one',
  kind: 'Kind must be case_study or insight',
  status: 'Status must be draft or published',
  title: 'Title is required',
  titleMax: `Title must be at most ${ENTRY_LIMITS.titleMax} characters`,
  titleOneLine: 'Title must be on one line',
  summary: 'Summary is required',
  summaryMax: `Summary must be at most ${ENTRY_LIMITS.summaryMax} characters`,
  body: 'Text is required',
  bodyMax: `Text must be at most ${ENTRY_LIMITS.bodyMax.toLocaleString('en-US')} characters`,
  bodyImages:
    'Pictures in the text must be images uploaded in the admin (addresses starting with /uploads/)',
  clientMax: `Client must be at most ${ENTRY_LIMITS.clientMax} characters`,
  clientOneLine: 'Client must be on one line',
  industryMax: `Industry must be at most ${ENTRY_LIMITS.industryMax} characters`,
  industryOneLine: 'Industry must be on one line',
  results: `At most ${ENTRY_LIMITS.results} results`,
  resultLabel: 'Result label is required',
  resultLabelMax: `Result label must be at most ${ENTRY_LIMITS.resultLabelMax} characters`,
  resultValue: 'Result value is required',
  resultValueMax: `Result value must be at most ${ENTRY_LIMITS.resultValueMax} characters`,
  resultOneLine: 'A result must be on one line',
  tags: `At most ${ENTRY_LIMITS.tags} tags`,
  tagTwice: 'This tag is already given (tags ignore letter case)',
  baseVersion: 'Base version must be a whole number of 1 or more',
  stale:
    'Someone saved this entry after you opened it. Reload their version, then make your changes again.',
  notFound: 'Entry not found',
  publishedNotDraft:
    'This entry is published: its text is changed in the admin only. Save your text as a new draft instead.',
  search: `Search must be at most ${ENTRY_LIMITS.searchMax} characters`,
} as const;

/** A required line of text, trimmed, 1 to `max` characters. */
function requiredLine(max: number, required: string, tooLong: string, notOneLine: string) {
  return storedText().check(
    z.trim(),
    z.minLength(1, required),
    z.maxLength(max, tooLong),
    oneLine(notOneLine),
  );
}

/** An optional line (client, industry): trimmed, blank or absent stored as null. */
function optionalLine(max: number, tooLong: string, notOneLine: string) {
  return z.pipe(
    z.optional(
      z.nullable(storedText().check(z.trim(), z.maxLength(max, tooLong), oneLine(notOneLine))),
    ),
    z.transform((value) => (value ? value : null)),
  );
}

export const slugField = storedText().check(
  z.minLength(ENTRY_LIMITS.slugMin, ENTRY_MESSAGES.slugLength),
  z.maxLength(ENTRY_LIMITS.slugMax, ENTRY_MESSAGES.slugLength),
  z.regex(SLUG_PATTERN, ENTRY_MESSAGES.slug),
);

const resultField = z.object({
  label: requiredLine(
    ENTRY_LIMITS.resultLabelMax,
    ENTRY_MESSAGES.resultLabel,
    ENTRY_MESSAGES.resultLabelMax,
    ENTRY_MESSAGES.resultOneLine,
  ),
  value: requiredLine(
    ENTRY_LIMITS.resultValueMax,
    ENTRY_MESSAGES.resultValue,
    ENTRY_MESSAGES.resultValueMax,
    ENTRY_MESSAGES.resultOneLine,
  ),
});

/** The facts' tag rule for each; a tag given twice (any case) is refused at its place. */
const tagsField = z._default(
  z.array(tagNameField).check(
    z.maxLength(ENTRY_LIMITS.tags, ENTRY_MESSAGES.tags),
    z.superRefine((tags, ctx) => {
      const seen = new Set<string>();
      tags.forEach((tag, index) => {
        const key = tag.toLowerCase();
        if (seen.has(key)) {
          ctx.issues.push({
            code: 'custom',
            message: ENTRY_MESSAGES.tagTwice,
            path: [index],
            input: tag,
          });
        }
        seen.add(key);
      });
    }),
  ),
  [],
);

/** Markdown, kept as typed (no trim: leading spaces can mean code); at least one non-space. */
const bodyField = storedText().check(
  z.refine((body) => body.trim() !== '', ENTRY_MESSAGES.body),
  z.maxLength(ENTRY_LIMITS.bodyMax, ENTRY_MESSAGES.bodyMax),
  z.refine((body) => foreignImages(body).length === 0, ENTRY_MESSAGES.bodyImages),
);

/** Everything an entry's text is made of; what each version keeps. */
const entryTextFields = {
  title: requiredLine(
    ENTRY_LIMITS.titleMax,
    ENTRY_MESSAGES.title,
    ENTRY_MESSAGES.titleMax,
    ENTRY_MESSAGES.titleOneLine,
  ),
  summary: storedText().check(
    z.trim(),
    z.minLength(1, ENTRY_MESSAGES.summary),
    z.maxLength(ENTRY_LIMITS.summaryMax, ENTRY_MESSAGES.summaryMax),
  ),
  body: bodyField,
  client: optionalLine(
    ENTRY_LIMITS.clientMax,
    ENTRY_MESSAGES.clientMax,
    ENTRY_MESSAGES.clientOneLine,
  ),
  industry: optionalLine(
    ENTRY_LIMITS.industryMax,
    ENTRY_MESSAGES.industryMax,
    ENTRY_MESSAGES.industryOneLine,
  ),
  results: z._default(
    z.array(resultField).check(z.maxLength(ENTRY_LIMITS.results, ENTRY_MESSAGES.results)),
    [],
  ),
  tags: tagsField,
};

const kindField = z.enum(entryKindValues, ENTRY_MESSAGES.kind);

/** POST /api/entries: a draft; without a slug, one is made from the title. */
export const entryCreateInput = z.object({
  kind: kindField,
  slug: z.optional(slugField),
  ...entryTextFields,
});
export type EntryCreateInput = z.input<typeof entryCreateInput>;

/**
 * PUT /api/entries/:id: the whole text again (a client or industry left out is cleared, as
 * results and tags are), over `baseVersion`, the version the editor showed. A slug left out
 * stays as it is: a new title never moves a page's address by itself.
 */
export const entrySaveInput = z.object({
  id: idField,
  baseVersion: z
    .number(ENTRY_MESSAGES.baseVersion)
    .check(
      z.int(ENTRY_MESSAGES.baseVersion),
      z.minimum(1, ENTRY_MESSAGES.baseVersion),
      z.maximum(Number.MAX_SAFE_INTEGER, ENTRY_MESSAGES.baseVersion),
    ),
  slug: z.optional(slugField),
  ...entryTextFields,
});
export type EntrySaveInput = z.input<typeof entrySaveInput>;

/** GET /api/entries: kind, status and a search on title and summary, any letter case. */
export const entryListInput = z.prefault(
  z.object({
    // Blank (an empty query-string parameter) is no filter.
    kind: z.pipe(
      z.optional(z.union([kindField, z.literal('')], ENTRY_MESSAGES.kind)),
      z.transform((kind) => (kind ? kind : undefined)),
    ),
    status: z.pipe(
      z.optional(z.union([z.enum(entryStatusValues), z.literal('')], ENTRY_MESSAGES.status)),
      z.transform((status) => (status ? status : undefined)),
    ),
    q: z.pipe(
      z.optional(
        storedText().check(z.trim(), z.maxLength(ENTRY_LIMITS.searchMax, ENTRY_MESSAGES.search)),
      ),
      z.transform((q) => (q ? q : undefined)),
    ),
    page: pageField,
  }),
  {},
);
export type EntryListInput = z.input<typeof entryListInput>;

/** The admin list's rows: everything but the body. */
export type EntrySummary = Omit<Entry, 'body'>;

/** The id of an entry in a path; the same rule and message as every other id. */
export const entryIdInput = z.object({ id: idField });
