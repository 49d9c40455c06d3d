import { escapeHtml } from '#shared/escape-html';
import {
  emailDocument,
  mailHeading,
  PARAGRAPH,
  siteFooter,
  type RenderedEmail,
  plainTextWithSignature,
} from '#shared/mail/frame';
import { LIGHT, themedAttributes as attrs } from '#shared/mail/theme';
import type { Context } from '#server/http/trpc';
import { maskAddress } from '#server/platform/address';
import { sendInBackground } from '#server/platform/mail';
import { siteName } from '#server/platform/site-brand';
import { deviceName, MAX_AGENT_LENGTH } from '#server/platform/user-agent';

/** What changed, in one sentence each (docs/accounts.md, "Notice e-mails"). */
export type AccountChange =
  | { kind: 'password' }
  /** Set anew through a "Forgot your password?" link and the second factor. */
  | { kind: 'passwordReset' }
  | { kind: 'emailChanged'; to: string }
  | { kind: 'emailRemoved' }
  | { kind: 'passkeyAdded'; name: string }
  | { kind: 'totpEnabled' }
  | { kind: 'totpDisabled' }
  | { kind: 'codesGuessed' }
  | { kind: 'recoveryCodeUsed'; left: number }
  | { kind: 'recoveryCodesRegenerated' }
  /** Another administrator (`by`) reset the second factor from the Administrators screen. */
  | { kind: 'secondFactorReset'; by: string }
  /**
   * Told to every administrator (identity/administrators/admin-notice.ts): `name` was invited or removed by
   * `by`, or joined.
   */
  | { kind: 'adminInvited'; name: string; by: string }
  | { kind: 'adminJoined'; name: string }
  | { kind: 'adminRemoved'; name: string; by: string };

/** "n…@example.com": enough for the owner to recognise, not the whole address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at <= 0 ? '…' : `${email.slice(0, 1)}…${email.slice(at)}`;
}

function whatChanged(change: AccountChange): { subject: string; sentence: string } {
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

/** What to do if the change was not yours. */
function adviceFor(username: string, change: AccountChange): string {
  if (
    change.kind === 'adminInvited' ||
    change.kind === 'adminJoined' ||
    change.kind === 'adminRemoved'
  ) {
    // Another administrator's account may be in someone else's hands: the one who acted.
    const who = change.kind === 'adminJoined' ? 'whoever invited them' : change.by;
    return (
      'If you expected this, nothing more to do. If not, someone may be using ' +
      `${who}'s account: check the Administrators page (remove anyone you do not know) and ` +
      'the audit log, and have whoever runs the server set new passwords with ' +
      '`npm run admin -- set-password <name>` (it ends every session of that account).'
    );
  }
  if (change.kind === 'secondFactorReset') {
    // The reset is another administrator's act: the one to ask is them, not the command line.
    return (
      `If you did not ask for this, contact ${change.by} or another administrator at once: ` +
      `someone may be using ${change.by}'s account. Whoever runs the server can also set a new ` +
      `password for you with \`npm run admin -- set-password ${username}\`.`
    );
  }
  if (change.kind === 'passkeyAdded') {
    // A new password does not remove a passkey: another administrator's reset or the command
    // line removes them first (both end every session), then the password changes.
    return (
      'If this was you, nothing more to do. If it was not, someone has your password or a ' +
      'signed-in browser of yours: ask another administrator to reset your second factor on ' +
      'the Administrators page, or on the server run `npm run admin -- remove-passkeys ' +
      `${username}\` (either removes every passkey of yours and ends every session), then ` +
      `\`npm run admin -- set-password ${username}\` (a passkey needs no password, so ` +
      'a new password alone would not stop it).'
    );
  }
  return (
    'If this was you, nothing more to do. If it was not, someone has your password or a ' +
    'signed-in browser of yours: run `npm run admin -- set-password ' +
    `${username}\` on the server, or ask whoever runs it (it sets a new password and ` +
    'ends every session)' +
    // Someone holding a recovery code could come back: new codes void the old ones.
    (change.kind === 'recoveryCodeUsed'
      ? ', then make new recovery codes on the Account page.'
      : '.')
  );
}

/** "23 November 2026, 14:05 UTC" */
function whenText(at: Date): string {
  const day = at.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return `${day}, ${at.toISOString().slice(11, 16)} UTC`;
}

export function renderAccountNotice(input: {
  siteName: string;
  siteUrl: string;
  username: string;
  change: AccountChange;
  at: Date;
  device: string;
  address: string;
}): RenderedEmail {
  const { subject, sentence } = whatChanged(input.change);
  const who = `Account: ${input.username}.`;
  const where = `When: ${whenText(input.at)}. From: ${input.device || 'an unknown browser'}, address ${input.address}.`;
  const advice = adviceFor(input.username, input.change);
  const p = LIGHT;
  const body = `${mailHeading(escapeHtml(subject))}
<p style="${PARAGRAPH}">${escapeHtml(sentence)}</p>
<p style="${PARAGRAPH}">${escapeHtml(who)}<br>${escapeHtml(where)}</p>
<p${attrs('muted', p, `${PARAGRAPH};font-size:14px`)}>${escapeHtml(advice)}</p>`;
  const html = emailDocument({
    title: subject,
    scheme: 'auto',
    palette: p,
    body,
    footer: siteFooter(input.siteName, input.siteUrl, p),
  });
  const text = plainTextWithSignature(
    [subject, '', sentence, '', who, where, '', advice],
    input.siteName,
    input.siteUrl,
  );
  return { subject, html, text };
}

/**
 * Tells the account's (old) address what just changed, after the answer has gone: the change
 * is stored either way, and a notice that fails is logged.
 */
export function sendAccountNotice(
  ctx: Context,
  to: string | null,
  username: string,
  change: AccountChange,
): void {
  if (!to) return;
  const agent = ctx.req.headers.get('user-agent') ?? '';
  const notice = {
    siteUrl: ctx.config.siteUrl,
    username,
    change,
    at: ctx.clock.now(),
    device: deviceName(agent.slice(0, MAX_AGENT_LENGTH)),
    address: maskAddress(ctx.req.ip),
  };
  sendInBackground(
    ctx,
    async () => {
      const mail = renderAccountNotice({ ...notice, siteName: await siteName(ctx.db) });
      return { to, subject: mail.subject, text: mail.text, html: mail.html };
    },
    {
      sent: 'account.notice_sent',
      failed: 'account.notice_failed',
      fields: { username, change: change.kind },
    },
  );
}
