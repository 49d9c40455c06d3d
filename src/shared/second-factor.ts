/**
 * The authenticator app's and the recovery codes' inputs and rules, shared by the server's
 * procedures (server/second-factor/, the sign-in's recovery code) and the screens.
 */
import { z } from 'zod/mini';
import { appCodeField, provenPasswordField } from './account';
import { verifyCodeInput } from './auth';

/** Recovery codes made at a time; each works once. */
export const RECOVERY_CODE_COUNT = 10;
/** At or under this many unused codes, the Account screen and the sign-in warn. */
export const RECOVERY_CODES_LOW = 3;

export const SECOND_FACTOR_MESSAGES = {
  recoveryCode: 'A recovery code is 10 letters and digits, like abcde-fghij',
} as const;

/** What a typed recovery code is compared as: no dash, no spaces, lower case. */
export function normalizeRecoveryCode(code: string): string {
  return code.replace(/[\s-]/g, '').toLowerCase();
}

export const passwordOnlyInput = z.object({ password: provenPasswordField });
export type PasswordOnlyInput = z.input<typeof passwordOnlyInput>;

/**
 * Turning the app off or making new recovery codes: the password, and the app's code or a
 * recovery code (docs/second-factor.md; asked with 401 when missing).
 */
export const factorOffInput = z.object({
  password: provenPasswordField,
  code: z.optional(appCodeField),
});
export type FactorOffInput = z.input<typeof factorOffInput>;

/** The app's first code, confirming the set-up. */
export const totpEnableInput = verifyCodeInput;
export type TotpEnableInput = z.input<typeof totpEnableInput>;

/** A recovery code, with or without its dash, in any case. */
export const recoveryCodeInput = z.object({
  code: z.string(SECOND_FACTOR_MESSAGES.recoveryCode).check(
    z.maxLength(40, SECOND_FACTOR_MESSAGES.recoveryCode),
    z.refine(
      // Letters and 2 to 9: the codes made now (server/identity/second-factors/recovery-codes.ts) and
      // those made before, from a-z and 2 to 7.
      (value) => /^[a-z2-9]{10}$/.test(normalizeRecoveryCode(value)),
      SECOND_FACTOR_MESSAGES.recoveryCode,
    ),
  ),
});
export type RecoveryCodeInput = z.input<typeof recoveryCodeInput>;

/** A recovery code as shown: `abcde-fghij`. */
export function formatRecoveryCode(code: string): string {
  const plain = normalizeRecoveryCode(code);
  return `${plain.slice(0, 5)}-${plain.slice(5)}`;
}
