import { TRPCError } from '@trpc/server';
import type { FeedbackType } from '@zxcvbn-ts/core';
import { $ZodRealError } from 'zod/v4/core';
import type { Db } from '#db';
import { ACCOUNT_MESSAGES, guessablePasswordProblem } from '#shared/account';
import { siteBrand } from '#server/site/site-brand';
import { judgePassword } from './zxcvbn-score';

let commonPasswords: Promise<ReadonlySet<string>> | undefined;

/**
 * The 10,000 most common passwords, from zxcvbn-ts's ranked list (most common first). Loaded
 * by the server only (the admin screen shows the server's 400, and the home page never
 * carries the list), and at the first new password, not at the start: the package's lists
 * hold 16 MB (docs/performance.md, "Production start").
 */
function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].slice(0, 10_000)),
  );
  return commonPasswords;
}

/**
 * A common password with only digits or symbols before or after it (`1234567890` + `12`,
 * `password` + `1234`) is as quickly guessed as the word alone. Only words of 6 characters or
 * more count here, so that a short one (`1987`) does not refuse many unrelated passwords.
 */
const AFFIXED_MIN = 6;
const NOT_LETTERS = /^[^\p{L}]*$/u;

async function isCommon(password: string): Promise<boolean> {
  const common = await loadCommonPasswords();
  const lower = password.toLowerCase();
  if (common.has(lower)) return true;
  for (let cut = AFFIXED_MIN; cut < lower.length; cut++) {
    const head = lower.slice(0, cut);
    const tail = lower.slice(cut);
    if (common.has(head) && NOT_LETTERS.test(tail)) return true;
    const start = lower.slice(0, lower.length - cut);
    const end = lower.slice(lower.length - cut);
    if (common.has(end) && NOT_LETTERS.test(start)) return true;
  }
  return false;
}

/** zxcvbn's lowest score a new password may have (docs/accounts.md). */
export const MIN_ZXCVBN_SCORE = 3;

/** zxcvbn's own advice, its warning then its suggestions, as one message. */
function advice(feedback: FeedbackType): string {
  const words = [feedback.warning, ...feedback.suggestions].filter(
    (text): text is string => typeof text === 'string' && text.trim() !== '',
  );
  return words.length > 0 ? words.join(' ') : ACCOUNT_MESSAGES.newPasswordWeak;
}

/**
 * What makes a new password (of the right length, `newPasswordProblem`) too easy to guess
 * for `username` (docs/accounts.md): one of the 10,000 most common passwords (with digits or
 * symbols added around it), a repeated character or piece, the username, or the company's
 * saved name or short name; then a zxcvbn score under 3 (keyboard walks, dates, names), with
 * zxcvbn's own advice as the message. The one rule of the Account screen, the invitation, the
 * password reset and the command line; null when the password may be used.
 */
export async function weakPasswordProblem(
  db: Db,
  password: string,
  username: string,
): Promise<string | null> {
  const brand = await siteBrand(db);
  const names = [username, brand.name, brand.shortName];
  const guessable = guessablePasswordProblem(password, {
    username,
    companyNames: [brand.name, brand.shortName],
  });
  if (guessable) return guessable;
  if (await isCommon(password)) return ACCOUNT_MESSAGES.newPasswordCommon;
  const { score, feedback } = await judgePassword(password, names);
  return score < MIN_ZXCVBN_SCORE ? advice(feedback) : null;
}

/**
 * A procedure's check of a new password (the input field `field`): 400 with that field's
 * issue, as the input's own check would give, when `weakPasswordProblem` finds one.
 */
export async function assertStrongPassword(
  db: Db,
  password: string,
  username: string,
  field: string,
): Promise<void> {
  const problem = await weakPasswordProblem(db, password, username);
  if (!problem) return;
  throw new TRPCError({
    code: 'BAD_REQUEST',
    message: problem,
    cause: new $ZodRealError([
      { code: 'custom', path: [field], message: problem, input: password },
    ]),
  });
}
