/**
 * Passkeys (docs/passkeys.md): the name a person gives one, checked alike by the Account
 * screen and the server's procedures, and what the screen shows of each.
 */
import { z } from 'zod/mini';
import { appCodeField, provenPasswordField } from './account';
import { idField, oneLine, storedText } from './validation';

export const PASSKEY_NAME_MAX = 60;

export const PASSKEY_MESSAGES = {
  name: `Name the passkey in 1 to ${PASSKEY_NAME_MAX} characters`,
  nameOneLine: 'The passkey’s name must be on one line',
  signInFailed: 'That passkey could not sign you in.',
  notAdded: 'That passkey could not be added. Please try again.',
  noCeremony: 'The passkey request has expired (it lasts 5 minutes). Please try again.',
  alreadyAdded: 'That passkey is already registered.',
  unknown: 'No such passkey of yours: it may have been removed already.',
  proofNeeded: 'Confirm with your passkey to make this change.',
  proofFailed: 'That passkey could not be confirmed. Please try again.',
} as const;

/** Trimmed, 1-60 characters, on one line. */
export const passkeyNameField = storedText().check(
  z.trim(),
  z.minLength(1, PASSKEY_MESSAGES.name),
  z.maxLength(PASSKEY_NAME_MAX, PASSKEY_MESSAGES.name),
  oneLine(PASSKEY_MESSAGES.nameOneLine),
);

/**
 * The browser's answer is checked by the server (its shape included) and any fault is the
 * same refusal, so the schema only requires that something was sent.
 */
export const registerPasskeyInput = z.object({
  name: passkeyNameField,
  response: z.unknown(),
});
export type RegisterPasskeyInput = z.input<typeof registerPasskeyInput>;

/**
 * The registration options' optional body: the password, needed only when the session did
 * not sign in or prove its password within the last 10 minutes (docs/passkeys.md).
 */
export const passkeyOptionsInput = z.optional(
  z.object({ password: z.optional(provenPasswordField) }),
);
export type PasskeyOptionsInput = z.input<typeof passkeyOptionsInput>;

export const renamePasskeyInput = z.object({ id: idField, name: passkeyNameField });
export type RenamePasskeyInput = z.input<typeof renamePasskeyInput>;

/**
 * Removing a passkey needs a recent proof (the password when the session is older than 10
 * minutes) and, while the authenticator app is on, its code or a recovery code.
 */
export const removePasskeyInput = z.object({
  id: idField,
  password: z.optional(provenPasswordField),
  code: z.optional(appCodeField),
});
export type RemovePasskeyInput = z.input<typeof removePasskeyInput>;
