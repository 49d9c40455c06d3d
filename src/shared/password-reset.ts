import { z } from 'zod/mini';
import { newPasswordField } from './account';
import { LIMITS } from './constants';
import { linkTokenField } from './link-token';
import { LONE_SURROGATE } from './validation';

/** How long a "Forgot your password?" link works. */
export const PASSWORD_RESET_TTL_MS = 30 * 60_000;

export const PASSWORD_RESET_MESSAGES = {
  /** The one answer to a request, whoever it names: it tells no one which accounts exist. */
  sent: 'If that account has an e-mail address, a link is on its way. It works for 30 minutes.',
  name: 'Enter your username or e-mail address',
  token: 'This link is not a password reset link. Please use the link from the e-mail.',
  gone: 'This link has expired or was already used. Please ask for a new one.',
} as const;

export const passwordResetRequestInput = z.object({
  name: z.string(PASSWORD_RESET_MESSAGES.name).check(
    z.trim(),
    z.minLength(1, PASSWORD_RESET_MESSAGES.name),
    z.maxLength(Math.max(LIMITS.usernameMax, LIMITS.emailMax), PASSWORD_RESET_MESSAGES.name),
    z.refine((value) => !LONE_SURROGATE.test(value), PASSWORD_RESET_MESSAGES.name),
  ),
});
export type PasswordResetRequestInput = z.input<typeof passwordResetRequestInput>;

const tokenField = linkTokenField(PASSWORD_RESET_MESSAGES.token);

export const passwordResetCheckInput = z.object({ token: tokenField });
export const passwordResetChooseInput = z.object({ token: tokenField, password: newPasswordField });
export type PasswordResetChooseInput = z.input<typeof passwordResetChooseInput>;
