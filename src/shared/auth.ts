import { z } from 'zod/mini';
import { LIMITS, TWO_FACTOR_CODE_LENGTH } from './constants';
import { MESSAGES } from './messages';
import { LONE_SURROGATE } from './validation';

export const loginInput = z.object({
  username: z.string(MESSAGES.username).check(
    z.trim(),
    z.minLength(1, MESSAGES.username),
    z.maxLength(LIMITS.usernameMax, MESSAGES.username),
    // Looked up in the database: a libSQL server refuses such text outright (HTTP 400).
    z.refine((value) => !LONE_SURROGATE.test(value), MESSAGES.text),
  ),
  password: z
    .string(MESSAGES.password)
    .check(z.minLength(1, MESSAGES.password), z.maxLength(LIMITS.passwordMax, MESSAGES.password)),
});
export type LoginInput = z.input<typeof loginInput>;

export const verifyCodeInput = z.object({
  // One rule, one message: a wrong length and a non-digit are the same mistake to a person.
  code: z
    .string(MESSAGES.code)
    .check(z.regex(new RegExp(`^\\d{${TWO_FACTOR_CODE_LENGTH}}$`), MESSAGES.code)),
});

/**
 * The 401 of every admin path but the set-up's, in production, for a session whose user has
 * no second factor yet (docs/accounts.md).
 */
export const SET_UP_SECOND_FACTOR = 'Set up a second factor before using the admin area.';
