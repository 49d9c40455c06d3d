/**
 * Reading the admin's addresses (`?page=2&q=acme&status=won`) without zod: the routes check
 * them in the router's main chunk, which every admin page loads, the sign-in page included
 * (docs/performance.md, "The sign-in page's first load"). The router reads search values as
 * JSON where it can (`?q=123` arrives as a number), and a hand-edited address can hold
 * anything: whatever is not usable is "not set", never an error, so a bad link still opens
 * the first page.
 */

/** A page after the first: a whole number from 2 up, as digits or a number. */
export function pageValue(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 2 ? page : undefined;
}

/** A search text: a number-looking one as text, a blank one as none. */
export function textValue(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  return String(value).trim() || undefined;
}

/** Text as it came (a number as its digits), for the server to judge. */
export function rawText(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

/** One of a list's values, or not set. */
export function oneOf<T extends string>(values: readonly T[], value: unknown): T | undefined {
  return values.find((known) => known === value);
}

/** The values that are set, without keys for the others (as a parsed address had them). */
export function setOnly<T extends object>(search: T): T {
  return Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined)) as T;
}
