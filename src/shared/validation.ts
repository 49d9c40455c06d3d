import { z } from 'zod';
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

/** A string field whose text is stored and must come back byte for byte. */
export function storedText() {
  return z.string().refine((value) => !LONE_SURROGATE.test(value), MESSAGES.text);
}

export const emailField = storedText()
  .trim()
  .max(LIMITS.emailMax, MESSAGES.email)
  .pipe(z.email(MESSAGES.email));

/**
 * Hidden field that people never see: bots fill it. A filled honeypot is answered as a
 * success and nothing is stored (the server's public-form procedures).
 */
export const honeypotField = z.string().max(1000).optional();

/**
 * A record id: a positive integer, or its decimal digits as they arrive in a REST path
 * ("abc", "1.5" and "1e3" are refused). Taking the string here, not in the REST layer, keeps
 * the error order of docs/api.md: the auth check runs before input is parsed.
 */
export const idField = z.union(
  [
    z
      .number(MESSAGES.id)
      .int(MESSAGES.id)
      .positive(MESSAGES.id)
      .max(Number.MAX_SAFE_INTEGER, MESSAGES.id),
    z
      .string()
      .regex(/^[1-9]\d{0,15}$/)
      .refine((digits) => Number.isSafeInteger(Number(digits)))
      .transform(Number),
  ],
  MESSAGES.id,
);

export const idInput = z.object({ id: idField });

/** A page number, or its digits as they arrive in a query string; blank is the first page. */
export const pageField = z
  .union(
    [
      z
        .number(MESSAGES.page)
        .int(MESSAGES.page)
        .positive(MESSAGES.page)
        .max(1_000_000_000, MESSAGES.page),
      z
        .string()
        .regex(/^([1-9]\d{0,8})?$/)
        .transform((digits) => (digits ? Number(digits) : 1)),
    ],
    MESSAGES.page,
  )
  .optional()
  .transform((page) => page ?? 1);
