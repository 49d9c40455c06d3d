/**
 * The Content screen's form state: the whole SiteContent as the owner types it (a number field
 * may hold text until it is a number), read and changed by field path, and checked with the
 * schema the server applies, so each message sits under the field it names
 * (`services.1.features.3`).
 */
import { siteContentSchema, type SiteContent } from '#shared/site-content';

export type FieldPath = readonly (string | number)[];

/** "services.1.features.3": a path as the schema's messages and the fields' names spell it. */
export function pathKey(path: readonly PropertyKey[]): string {
  return path.map((key) => String(key)).join('.');
}

/** An object or an array: a node of the content that holds more. */
function isNode(value: unknown): value is Record<string | number, unknown> {
  return typeof value === 'object' && value !== null;
}

export function valueAt(values: SiteContent, path: FieldPath): unknown {
  let node: unknown = values;
  for (const key of path) {
    if (!isNode(node)) return undefined;
    node = node[key];
  }
  return node;
}

/** A copy of one node, an array staying an array. */
function copyOf<T extends object>(node: T): T {
  return Array.isArray(node) ? Object.assign([], node) : Object.assign({}, node);
}

/**
 * A copy of the values with one field changed; the rest is shared, not copied. The value is
 * what the owner typed (a number field may hold text): the schema judges it when saving.
 */
export function withValue<T extends object>(values: T, path: FieldPath, value: unknown): T {
  const [key, ...rest] = path;
  if (key === undefined) return values;
  const next = copyOf(values);
  const child = isNode(values) ? values[key] : undefined;
  Reflect.set(next, key, rest.length ? withValue(isNode(child) ? child : {}, rest, value) : value);
  return next;
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
    const key = pathKey(issue.path);
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The footer's links are typed one per line; empty lines are dropped. */
export function linesOf(text: string): string[] {
  return text.split('\n').filter((line) => line.trim() !== '');
}
