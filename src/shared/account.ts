/**
 * The Account screen's inputs, limits and messages, shared by the server's procedures
 * (server/account/) and the screen's as-you-type validation. The new-password rule is also
 * the command line's (server/identity/users/manage-users.ts): one rule wherever a password is chosen.
 */
import { z } from 'zod/mini';
import { verifyCodeInput } from './auth';
import { LIMITS } from './constants';
import { emailField, LONE_SURROGATE } from './validation';

export const ACCOUNT_MESSAGES = {
  currentPassword: 'Current password is required',
  newPasswordShort: `Password must be at least ${LIMITS.passwordMin} characters`,
  newPasswordLong: `Password must be at most ${LIMITS.passwordMax} characters`,
  newPasswordText: 'Password contains a broken character (an unpaired surrogate)',
  sessionId: 'Session id is required',
  newPasswordCommon: 'This password is one of the most common ones: choose another',
  newPasswordRepetitive:
    'This password is too easy to guess (one character or piece repeated): choose another',
  newPasswordUsername: 'The password must not contain your username',
  newPasswordCompany: 'The password must not contain the company’s name',
  /** A zxcvbn score under 3 when zxcvbn gives no advice of its own (docs/accounts.md). */
  newPasswordWeak: 'This password is too easy to guess: add a few uncommon words.',
  /**
   * The 401 of a change that needs a recent proof (docs/accounts.md): the session signed in
   * or last gave its password more than 10 minutes ago.
   */
  passwordNeeded: 'Enter your password to confirm this change.',
  /** The 401 of turning a factor off while the authenticator app is on, without its code. */
  appCodeNeeded:
    'Enter the code from your authenticator app (or a recovery code) to confirm this change.',
  wrongAppCode: 'That code does not match your authenticator app or an unused recovery code.',
  appCode: 'Enter the 6-digit code from your app, or a recovery code like abcde-fghij',
  lastFactor:
    'This is your last second factor: an administrator keeps at least one (an e-mail address, the authenticator app or a passkey). Add another one first.',
} as const;

/**
 * The app's 6-digit code or a recovery code, given to confirm turning a factor off
 * (docs/second-factor.md); the server tells which it is.
 */
export const appCodeField = z
  .string(ACCOUNT_MESSAGES.appCode)
  .check(
    z.trim(),
    z.minLength(6, ACCOUNT_MESSAGES.appCode),
    z.maxLength(40, ACCOUNT_MESSAGES.appCode),
  );

/**
 * What is wrong with a password someone chooses, or null when it may be used. The one rule
 * for the Account screen, its procedures and the command line.
 */
export function newPasswordProblem(password: string): string | null {
  if (password.length < LIMITS.passwordMin) return ACCOUNT_MESSAGES.newPasswordShort;
  if (password.length > LIMITS.passwordMax) return ACCOUNT_MESSAGES.newPasswordLong;
  // Hashed as UTF-8 (NFC): a lone surrogate would become U+FFFD, so what was typed and what
  // was hashed would differ.
  if (LONE_SURROGATE.test(password)) return ACCOUNT_MESSAGES.newPasswordText;
  return null;
}

/** Names shorter than this are not looked for in a password (too many would be refused). */
export const NAME_IN_PASSWORD_MIN = 4;

/** Lower case, and with no spaces or punctuation: 'Acme AI' is found in 'xxacmeai!'. */
function folded(text: string): string {
  return text.toLowerCase().replace(/[\s\p{P}\p{S}]/gu, '');
}

/**
 * What makes a password of the right length still easy to guess (docs/accounts.md), besides
 * the list of common passwords the server adds (server/identity/passwords/password-policy.ts): 3 or
 * fewer distinct characters (`aaaaaaaaaaaa`), one piece repeated (`passwordpassword`), the
 * username, or the company's name or short name, in any case (names under 4 characters are
 * not looked for). Null when none applies.
 */
export function guessablePasswordProblem(
  password: string,
  context: { username: string; companyNames: readonly string[] },
): string | null {
  const lower = password.toLowerCase();
  if (new Set(lower).size <= 3 || /^(.+)\1+$/su.test(lower)) {
    return ACCOUNT_MESSAGES.newPasswordRepetitive;
  }
  const contains = (name: string) => {
    const plain = name.trim().toLowerCase();
    if (plain.length < NAME_IN_PASSWORD_MIN) return false;
    const bare = folded(name);
    return (
      lower.includes(plain) ||
      (bare.length >= NAME_IN_PASSWORD_MIN && folded(password).includes(bare))
    );
  };
  if (contains(context.username)) return ACCOUNT_MESSAGES.newPasswordUsername;
  if (context.companyNames.some(contains)) return ACCOUNT_MESSAGES.newPasswordCompany;
  return null;
}

/** A password being chosen; `newPasswordProblem` is its only check, so its message is the same. */
export const newPasswordField = z.string(ACCOUNT_MESSAGES.newPasswordShort).check(
  z.superRefine((value, ctx) => {
    const problem = newPasswordProblem(value);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: value });
  }),
);

/** A password typed to prove who you are: only its size is checked before it is hashed. */
export const provenPasswordField = z
  .string(ACCOUNT_MESSAGES.currentPassword)
  .check(
    z.minLength(1, ACCOUNT_MESSAGES.currentPassword),
    z.maxLength(LIMITS.passwordMax, ACCOUNT_MESSAGES.currentPassword),
  );

export const changePasswordInput = z.object({
  currentPassword: provenPasswordField,
  newPassword: newPasswordField,
});
export type ChangePasswordInput = z.input<typeof changePasswordInput>;

/** With an address a code goes to it; null removes the address (and the e-mailed code). */
export const changeEmailInput = z.object({
  password: provenPasswordField,
  email: z.nullable(emailField),
  /** Removing the address while the authenticator app is on: its code, or a recovery code. */
  code: z.optional(appCodeField),
});
export type ChangeEmailInput = z.input<typeof changeEmailInput>;

export const verifyEmailInput = verifyCodeInput;
export type VerifyEmailInput = z.input<typeof verifyEmailInput>;

/** A session's public id (never its secret id): any text, an unknown one is a 404. */
/**
 * Ending another session needs a recent proof, as ending all of them does (below); ending
 * this browser's own (signing out) needs none.
 */
export const endSessionInput = z.object({
  id: z
    .string(ACCOUNT_MESSAGES.sessionId)
    .check(z.minLength(1, ACCOUNT_MESSAGES.sessionId), z.maxLength(64, ACCOUNT_MESSAGES.sessionId)),
  password: z.optional(provenPasswordField),
});
export type EndSessionInput = z.input<typeof endSessionInput>;

/**
 * Ending one's other sessions needs a recent proof (docs/accounts.md): a stolen session must
 * not sign the owner out everywhere. The password only when the session signed in or last
 * proved itself over 10 minutes ago; the body is optional.
 */
export const endOtherSessionsInput = z.optional(
  z.object({ password: z.optional(provenPasswordField) }),
);
export type EndOtherSessionsInput = z.input<typeof endOtherSessionsInput>;

export type PasswordScore = 0 | 1 | 2 | 3 | 4;
export interface PasswordStrength {
  score: PasswordScore;
  label: 'Too short' | 'Weak' | 'Fair' | 'Good' | 'Strong';
}

const LABELS: PasswordStrength['label'][] = ['Too short', 'Weak', 'Fair', 'Good', 'Strong'];

/** Passwords (and their stems) every guessing list starts with. */
const COMMON = [
  'password',
  'passw0rd',
  'qwerty',
  'azerty',
  'letmein',
  'welcome',
  'admin',
  'iloveyou',
  'monkey',
  'dragon',
  'football',
  'baseball',
  'sunshine',
  'princess',
  'master',
  'secret',
  'abc123',
  'trustno1',
];

/** Runs like `123456`, `abcdef`, `987654`: each character one after the one before. */
function hasSequence(text: string, length = 4): boolean {
  let run = 1;
  for (let i = 1; i < text.length; i++) {
    const step = text.charCodeAt(i) - text.charCodeAt(i - 1);
    const prev = i > 1 ? text.charCodeAt(i - 1) - text.charCodeAt(i - 2) : step;
    run = Math.abs(step) === 1 && step === prev ? run + 1 : Math.abs(step) === 1 ? 2 : 1;
    if (run >= length) return true;
  }
  return false;
}

/**
 * A rough hint for the screen while a password is typed: 0 (too short to be accepted) to 4,
 * from its length and the kinds of characters in it, lowered for the usual guesses (a common
 * password inside it, one character repeated, a run like `1234`). Only a hint: the server
 * refuses by the length, `guessablePasswordProblem` and its list of common passwords
 * (server/identity/passwords/password-policy.ts).
 */
export function passwordStrength(password: string): PasswordStrength {
  if (newPasswordProblem(password) !== null) return { score: 0, label: LABELS[0] ?? 'Too short' };
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^a-zA-Z\d\s]/, /\s/].filter((kind) =>
    kind.test(password),
  ).length;
  let points = 1;
  if (password.length >= 16) points++;
  if (password.length >= 20) points++;
  if (kinds >= 3) points++;
  else if (kinds === 2 && password.length >= 14) points++;
  const folded = password.toLowerCase();
  const distinct = new Set(folded).size;
  if (COMMON.some((word) => folded.includes(word))) points -= 2;
  if (distinct <= 3) points -= 2;
  else if (distinct < password.length / 3) points--;
  if (hasSequence(folded)) points--;
  const score = Math.min(4, Math.max(1, points)) as PasswordScore;
  return { score, label: LABELS[score] ?? 'Weak' };
}
