/**
 * The administrators' inputs and messages, written once for the Administrators screen, the
 * invitation page, their procedures and the command line (`identity/users/manage-users.ts`).
 */
import { z } from 'zod/mini';
import { newPasswordField, provenPasswordField } from './account';
import { LIMITS } from './constants';
import { linkTokenField } from './link-token';
import { emailField, idInput, LONE_SURROGATE } from './validation';
import { MESSAGES } from './messages';
import { DAY_MS } from './calendar-days';

export const USER_MESSAGES = {
  username: `Username must be 1 to ${LIMITS.usernameMax} characters without spaces or invisible characters`,
  token: 'This invitation link is incomplete',
  taken: (username: string) => `An administrator named "${username}" already exists`,
  notFound: 'Administrator not found',
  removeSelf: 'You cannot remove yourself. Ask another administrator to do it.',
  removeLast:
    'This is the last administrator who can sign in. Invite another one before removing them.',
  alreadyJoined: 'They have already joined: there is no invitation to send again.',
  noAddress: 'They have no e-mail address to send an invitation to.',
  invitationGone:
    'This invitation link is not valid any more: it was used, it expired after 24 hours, or a newer one replaced it. Ask an administrator to send you a new one.',
  mailUnavailable:
    'Invitations cannot be e-mailed: this server has no mail service configured (SMTP_URL).',
  resetSelf:
    'You cannot reset your own second factor here: turn your authenticator app off or remove your passkeys on the Account screen.',
  nothingToReset: (username: string) =>
    `${username} has no authenticator app and no passkey: there is nothing to reset.`,
  endOwnSessions:
    'You cannot sign yourself out here: use "Sign out everywhere else" under "Where you’re signed in" on your Account screen.',
} as const;

/**
 * Spaces, control and invisible format characters (a zero-width space, a right-to-left
 * override): a name with one of them could look exactly like another administrator's.
 */
const NAME_CHARACTERS = /^[^\s\p{Cc}\p{Cf}]+$/u;

/**
 * The one username rule (the command line's too): after trimming and Unicode normalisation
 * (NFC, so one name has one spelling), visible characters only, at most 100.
 */
export const usernameField = z.string(USER_MESSAGES.username).check(
  z.trim(),
  z.refine((value) => !LONE_SURROGATE.test(value), MESSAGES.text),
  z.normalize('NFC'),
  z.regex(NAME_CHARACTERS, USER_MESSAGES.username),
  z.maxLength(LIMITS.usernameMax, USER_MESSAGES.username),
);

/** Two names that differ only in letter case (any script) are the same administrator. */
export function usernameKey(username: string): string {
  return username.normalize('NFC').toLowerCase();
}

/**
 * Inviting, re-inviting and removing need a recent proof (docs/accounts.md): the password is
 * needed only when the session signed in or last proved itself over 10 minutes ago.
 */
const recentPassword = z.optional(provenPasswordField);

export const inviteInput = z.object({
  username: usernameField,
  email: emailField,
  password: recentPassword,
});
export type InviteInput = z.input<typeof inviteInput>;

export const removeUserInput = z.extend(idInput, { password: recentPassword });
export type RemoveUserInput = z.input<typeof removeUserInput>;

/** Another administrator signed out everywhere (docs/accounts.md): a recent proof, as removing. */
export const endSessionsInput = z.extend(idInput, { password: recentPassword });
export type EndSessionsInput = z.input<typeof endSessionsInput>;

/** Another administrator's second factor reset (docs/accounts.md): your own password proves it is you. */
export const resetSecondFactorInput = z.extend(idInput, { password: provenPasswordField });
export type ResetSecondFactorInput = z.input<typeof resetSecondFactorInput>;

/** The invitation link's token (shared/link-token.ts). */
const tokenField = linkTokenField(USER_MESSAGES.token);

export const invitationCheckInput = z.object({ token: tokenField });
export const invitationAcceptInput = z.object({ token: tokenField, password: newPasswordField });
export type InvitationAcceptInput = z.input<typeof invitationAcceptInput>;

/** How long an invitation link works. */
export const INVITATION_TTL_MS = DAY_MS;

export type SecondFactor = 'none' | 'email' | 'totp';
