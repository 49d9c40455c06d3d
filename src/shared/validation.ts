import { z } from 'zod/mini';
import { LIMITS } from './constants';
import { MESSAGES } from './messages';

// "Required" and "Invalid input" are the generic fallbacks; every rule a person can break
// carries its own message (messages.ts).
z.config({
  customError: (issue) => (issue.input === undefined ? 'Required' : 'Invalid input'),
});

/**
 * An unpaired UTF-16 surrogate has no UTF-8 form: SQLite would keep bytes that come back as
 * replacement characters, so stored text would no longer equal what was sent.
 */
export const LONE_SURROGATE =
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The text with each unpaired surrogate replaced by U+FFFD, as a UTF-8 encoder would. */
export function wellFormed(text: string): string {
  return text.replace(new RegExp(LONE_SURROGATE.source, 'g'), '\uFFFD');
}

/**
 * What a one-line field (a name, a company, a subject line) refuses: every control character
 * (`\p{Cc}`: CR, LF, tab, VT, FF, NEL and the rest) and the Unicode line and paragraph
 * separators. Any of them could break a line where the text is shown or mailed (a header, a
 * notification's "Label: value" line) and forge what follows.
 */
export const NOT_ONE_LINE = /[\p{Cc}\u0085\u2028\u2029]/u;

const NOT_ONE_LINE_RUNS = new RegExp(`${NOT_ONE_LINE.source}+`, 'gu');

/**
 * Stored text put on one line where it is mailed (a header, a "Label: value" line), whatever it
 * holds (a name stored before the one-line rule): each run of those characters becomes a space.
 */
export function onOneLine(text: string): string {
  return text.replace(NOT_ONE_LINE_RUNS, ' ');
}

/** The check of a one-line field, with the field's own message. */
export function oneLine(message: string) {
  return z.refine<string>((value) => !NOT_ONE_LINE.test(value), message);
}

/** A string field whose text is stored and must come back byte for byte. */
export function storedText() {
  return z.string().check(z.refine((value) => !LONE_SURROGATE.test(value), MESSAGES.text));
}

export const emailField = z.pipe(
  storedText().check(z.trim(), z.maxLength(LIMITS.emailMax, MESSAGES.email)),
  z.email(MESSAGES.email),
);

/**
 * Hidden field that people never see: bots fill it. A filled honeypot is answered as a
 * success and nothing is stored (the server's public-form procedures).
 */
export const honeypotField = z.optional(z.string().check(z.maxLength(1000)));

/**
 * A record id: a positive integer, or its decimal digits as they arrive in a REST path
 * ("abc", "1.5" and "1e3" are refused). Taking the string here, not in the REST layer, keeps
 * the error order of docs/api.md: the auth check runs before input is parsed.
 */
export const idField = z.union(
  [
    z
      .number(MESSAGES.id)
      .check(
        z.int(MESSAGES.id),
        z.positive(MESSAGES.id),
        z.maximum(Number.MAX_SAFE_INTEGER, MESSAGES.id),
      ),
    z.pipe(
      z.string().check(
        z.regex(/^[1-9]\d{0,15}$/),
        z.refine((digits) => Number.isSafeInteger(Number(digits))),
      ),
      z.transform(Number),
    ),
  ],
  MESSAGES.id,
);

export const idInput = z.object({ id: idField });

/** A page number, or its digits as they arrive in a query string; blank is the first page. */
export const pageField = z.pipe(
  z.optional(
    z.union(
      [
        z
          .number(MESSAGES.page)
          .check(
            z.int(MESSAGES.page),
            z.positive(MESSAGES.page),
            z.maximum(1_000_000_000, MESSAGES.page),
          ),
        z.pipe(
          z.string().check(z.regex(/^([1-9]\d{0,8})?$/)),
          z.transform((digits) => (digits ? Number(digits) : 1)),
        ),
      ],
      MESSAGES.page,
    ),
  ),
  z.transform((page) => page ?? 1),
);
