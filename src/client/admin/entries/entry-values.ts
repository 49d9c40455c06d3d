/**
 * The entry editor's values and their check (docs/admin-guide.md, "Case studies and
 * insights"): the form's fields as typed, checked by the schema the server applies
 * (shared/entries.ts), so the screen never calls valid what the server refuses. Messages are
 * keyed by the issue's path as the server names it (`title`, `results.1.value`), but a tag's
 * (`tags.2`) shows at the one tags field.
 */
import { ENTRY_LIMITS, entryCreateInput, type EntryKind } from '#shared/entries';
import type { Entry, EntryResult } from '#shared/shapes/entries';

export interface EntryValues {
  title: string;
  /** Blank on a new entry: the server makes one from the title. */
  slug: string;
  summary: string;
  body: string;
  client: string;
  industry: string;
  results: EntryResult[];
  /** Comma-separated, as typed. */
  tags: string;
}

export type EntryErrors = Record<string, string>;

export const EMPTY_ENTRY: EntryValues = {
  title: '',
  slug: '',
  summary: '',
  body: '',
  client: '',
  industry: '',
  results: [],
  tags: '',
};

export function valuesOf(entry: Entry): EntryValues {
  return {
    title: entry.title,
    slug: entry.slug,
    summary: entry.summary,
    body: entry.body,
    client: entry.client ?? '',
    industry: entry.industry ?? '',
    results: entry.results,
    tags: entry.tags.join(', '),
  };
}

export function tagsOf(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}

/** At most ENTRY_LIMITS.results (6): the seventh cannot be added. */
export const canAddResult = (values: EntryValues) => values.results.length < ENTRY_LIMITS.results;

export function withResultAdded(values: EntryValues): EntryValues {
  if (!canAddResult(values)) return values;
  return { ...values, results: [...values.results, { label: '', value: '' }] };
}

export function withResultRemoved(values: EntryValues, index: number): EntryValues {
  return { ...values, results: values.results.filter((_, at) => at !== index) };
}

export function withResult(
  values: EntryValues,
  index: number,
  change: Partial<EntryResult>,
): EntryValues {
  return {
    ...values,
    results: values.results.map((result, at) => (at === index ? { ...result, ...change } : result)),
  };
}

/** Where an issue shows: its path, but every tag's at the one tags field. */
export function fieldKey(path: string): string {
  return path.startsWith('tags.') ? 'tags' : path;
}

/** What is sent: the text fields of POST and PUT /api/entries (no kind, id or version). */
export interface EntryText {
  title: string;
  summary: string;
  body: string;
  slug?: string;
  client: string | null;
  industry: string | null;
  results: EntryResult[];
  tags: string[];
}

export type EntryCheck = { ok: true; text: EntryText } | { ok: false; errors: EntryErrors };

/** The values as the server would take them, or the first message per field. */
export function checkEntry(kind: EntryKind, values: EntryValues): EntryCheck {
  const slug = values.slug.trim();
  const result = entryCreateInput.safeParse({
    kind,
    title: values.title,
    summary: values.summary,
    body: values.body,
    ...(slug ? { slug } : {}),
    client: values.client,
    industry: values.industry,
    results: values.results,
    tags: tagsOf(values.tags),
  });
  if (result.success) {
    const { data } = result;
    const text: EntryText = {
      title: data.title,
      summary: data.summary,
      body: data.body,
      client: data.client,
      industry: data.industry,
      results: data.results,
      tags: data.tags,
    };
    if (data.slug !== undefined) text.slug = data.slug;
    return { ok: true, text };
  }
  const errors: EntryErrors = {};
  for (const issue of result.error.issues) {
    errors[fieldKey(issue.path.join('.'))] ??= issue.message;
  }
  return { ok: false, errors };
}
