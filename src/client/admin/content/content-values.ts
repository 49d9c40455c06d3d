/**
 * The Content screen's form state: the whole SiteContent as the owner types it (a number field
 * may hold text until it is a number), read and changed by field path, and checked with the
 * schema the server applies, so each message sits under the field it names
 * (`services.1.features.3`).
 */
import { siteContentSchema, type SiteContent } from '#shared/site-content';

export type FieldPath = readonly (string | number)[];

export function pathKey(path: FieldPath): string {
  return path.join('.');
}

export function valueAt(values: SiteContent, path: FieldPath): unknown {
  let node: unknown = values;
  for (const key of path) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return node;
}

/** A copy of the values with one field changed; the rest is shared, not copied. */
export function withValue(values: SiteContent, path: FieldPath, value: unknown): SiteContent {
  const [key, ...rest] = path;
  if (key === undefined) return value as SiteContent;
  const node = values as unknown as Record<string | number, unknown>;
  const child = node[key] as SiteContent;
  const next = Array.isArray(node) ? [...(node as unknown[])] : { ...node };
  (next as Record<string | number, unknown>)[key] = rest.length
    ? withValue(child, rest, value)
    : value;
  return next as unknown as SiteContent;
}

export type ContentCheck =
  | { ok: true; content: SiteContent; errors: Record<string, string> }
  | { ok: false; errors: Record<string, string> };

/** The first message per field path, or the parsed content (trimmed) when all is well. */
export function checkContent(values: SiteContent): ContentCheck {
  const result = siteContentSchema.safeParse(values);
  if (result.success) return { ok: true, content: result.data, errors: {} };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = pathKey(issue.path as FieldPath);
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The footer's links are typed one per line; empty lines are dropped. */
export function linesOf(text: string): string[] {
  return text.split('\n').filter((line) => line.trim() !== '');
}
