import { z } from 'zod';
import { LIMITS, TWO_FACTOR_CODE_LENGTH } from './constants';
import { MESSAGES } from './messages';
import { LONE_SURROGATE } from './validation';

export const loginInput = z.object({
  username: z
    .string(MESSAGES.username)
    .trim()
    .min(1, MESSAGES.username)
    .max(LIMITS.usernameMax, MESSAGES.username)
    // Looked up in the database: a libSQL server refuses such text outright (HTTP 400).
    .refine((value) => !LONE_SURROGATE.test(value), MESSAGES.text),
  password: z
    .string(MESSAGES.password)
    .min(1, MESSAGES.password)
    .max(LIMITS.passwordMax, MESSAGES.password),
});
export type LoginInput = z.input<typeof loginInput>;

export const verifyCodeInput = z.object({
  // One rule, one message: a wrong length and a non-digit are the same mistake to a person.
  code: z
    .string(MESSAGES.code)
    .regex(new RegExp(`^\\d{${TWO_FACTOR_CODE_LENGTH}}$`), MESSAGES.code),
});
