import type { AccountChange, FirstFactor } from './notice-change';

const FACTOR_WORDS: Record<FirstFactor, string> = {
  email: 'sign-in codes e-mailed to an address',
  app: 'an authenticator app',
  passkey: 'a passkey',
};

/** "n…@example.com": enough for the owner to recognise, not the whole address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at <= 0 ? '…' : `${email.slice(0, 1)}…${email.slice(at)}`;
}

export function whatChanged(change: AccountChange): { subject: string; sentence: string } {
  switch (change.kind) {
    case 'password':
      return { subject: 'Your password was changed', sentence: 'Your password was changed.' };
    case 'passwordReset':
      return {
        subject: 'Your password was reset',
        sentence:
          'Your password was reset with a link e-mailed to this address and your second factor, and every other session of yours was signed out.',
      };
    case 'emailChanged':
      return {
        subject: 'Your sign-in address was changed',
        sentence: `Your sign-in codes now go to another address (${maskEmail(change.to)}), not this one.`,
      };
    case 'emailRemoved':
      return {
        subject: 'Your sign-in address was removed',
        sentence:
          'Your sign-in address was removed: signing in now needs only your password, no code.',
      };
    case 'passkeyAdded':
      return {
        subject: 'A passkey was added to your account',
        sentence: `A passkey named "${change.name}" was added: it signs in to your account without your password or a code.`,
      };
    case 'accessTokenCreated':
      return {
        subject: 'An access token was made for your account',
        sentence: `An access token named "${change.name}" was made: an AI assistant or program holding it can read and change the business over MCP, without your password or a code, until it expires or is revoked.`,
      };
    case 'totpEnabled':
      return {
        subject: 'An authenticator app was turned on',
        sentence:
          'Signing in now asks for the code from an authenticator app instead of an e-mailed code.',
      };
    case 'totpDisabled':
      return {
        subject: 'Your authenticator app was turned off',
        sentence:
          'Signing in no longer asks for an authenticator app’s code, and your recovery codes no longer work.',
      };
    case 'codesGuessed':
      return {
        subject: 'Someone tried codes to sign in to your account',
        sentence:
          'Someone who knows your password tried codes: a sign-in ended after 5 wrong authenticator app codes.',
      };
    case 'recoveryCodeUsed':
      return {
        subject: 'A recovery code was used to sign in',
        sentence: `Someone signed in to your account with one of your recovery codes instead of the authenticator app’s code; ${change.left} ${change.left === 1 ? 'code is' : 'codes are'} left.`,
      };
    case 'recoveryCodesRegenerated':
      return {
        subject: 'New recovery codes were made',
        sentence:
          'New recovery codes were made for your account: the ones you had before no longer work.',
      };
    case 'adminInvited':
      return {
        subject: `${change.name} was invited as an administrator`,
        sentence: `The administrator ${change.by} invited ${change.name} to become an administrator of the site: once they choose a password, they can do everything you can.`,
      };
    case 'adminJoined':
      return {
        subject: `${change.name} joined as an administrator`,
        sentence: `${change.name} accepted their invitation and is now an administrator of the site.`,
      };
    case 'adminRemoved':
      return {
        subject: `${change.name} was removed as an administrator`,
        sentence: `The administrator ${change.by} removed ${change.name}: they can no longer sign in.`,
      };
    case 'adminFirstFactor':
      return {
        subject: `${change.name} set up a second factor`,
        sentence: `The administrator ${change.name}, who signed in with a password alone until now, set up ${FACTOR_WORDS[change.factor]} as their second factor: from now on it is needed to sign in to that account. Whoever set it up holds the account.`,
      };
    case 'signedOutEverywhere':
      return {
        subject: 'You were signed out everywhere',
        sentence:
          `The administrator ${change.by} signed you out everywhere: every browser signed in to ` +
          'your account, and any sign-in waiting for its second step, ended at once. Your ' +
          'password and second factor are unchanged: sign in again as usual.',
      };
    case 'secondFactorReset':
      return {
        subject: 'Your second factor was reset',
        sentence:
          `The administrator ${change.by} reset your second factor: your authenticator app is ` +
          'off, your recovery codes and passkeys are deleted, and you were signed out everywhere. ' +
          'Your next sign-in needs your password and a code e-mailed to this address. Then set ' +
          'up the authenticator app or passkeys again on the Account page.',
      };
  }
}
