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
import { sendInBackground } from '#server/platform/outbox/send-mail';
import { deviceName, MAX_AGENT_LENGTH } from '#server/platform/user-agent';
import { siteTimeText } from '#shared/mail/site-time';
import { mailSite } from '#server/platform/site-brand';

/** What changed, in one sentence each (docs/accounts.md, "Notice e-mails"). */
export type AccountChange =
  | { kind: 'password' }
  /** Set anew through a "Forgot your password?" link and the second factor. */
  | { kind: 'passwordReset' }
  | { kind: 'emailChanged'; to: string }
  | { kind: 'emailRemoved' }
  | { kind: 'passkeyAdded'; name: string }
  /** An MCP access token, made on the Account screen or granted to an app (docs/mcp.md). */
  | { kind: 'accessTokenCreated'; name: string }
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
  | { kind: 'adminRemoved'; name: string; by: string }
  /**
   * Told to every other administrator: `name`'s account, which had none, now has a second
   * factor (`factor`). Until then its password alone was enough to take it (docs/accounts.md).
   */
  | { kind: 'adminFirstFactor'; name: string; factor: FirstFactor };

/** The second factor that was an account's first. */
export type FirstFactor = 'email' | 'app' | 'passkey';

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

/**
 * What to do if the change was not expected: first what the admin itself offers (the screen
 * and the button), then the server's command line, the way back in only when nobody can sign
 * in any more. Every step names a screen the recipient can reach with what they still have.
 */
interface Advice {
  inAdmin: string;
  lastResort: string;
}

/** "Administrators (https://example.com/admin/users)" */
function screen(siteUrl: string, name: string, path: string): string {
  return `${name} (${siteUrl}${path})`;
}

function adviceFor(siteUrl: string, username: string, change: AccountChange): Advice {
  const account = `Account (your username at the top of the admin, ${siteUrl}/admin/account)`;
  const administrators = screen(siteUrl, 'Administrators', '/admin/users');
  const auditLog = screen(siteUrl, 'Audit log', '/admin/audit');
  // A stranger with the password or a signed-in browser: a new password signs out every other
  // browser, the one who saves it stays signed in.
  const secureSteps =
    'under "Password" choose a new one with "Change password" (every other browser is signed ' +
    'out at once), and under "Where you’re signed in" press "End" on any browser you do not ' +
    'recognise.';
  const secure = `open ${account}: ${secureSteps}`;
  const setPassword = `\`npm run admin -- set-password ${username}\``;
  const lastResort = (command: string, effect: string): string =>
    'Only if nobody can sign in to the admin any more: whoever runs the server types ' +
    `${command} there (${effect}).`;
  const passwordResort = lastResort(setPassword, 'a new password, and every session ends');
  switch (change.kind) {
    case 'adminInvited':
    case 'adminJoined':
    case 'adminRemoved': {
      // Another administrator's account may be in someone else's hands: the one who acted.
      const who = change.kind === 'adminJoined' ? 'the administrator who invited them' : change.by;
      const whose =
        change.kind === 'adminJoined' ? 'the inviting administrator’s' : `${change.by}'s`;
      const undo =
        change.kind === 'adminRemoved'
          ? `If ${change.name} should stay, press "Invite administrator" there to invite them again. `
          : `Press "Remove" beside anyone you do not know: they are signed out at once. `;
      return {
        inAdmin:
          'If you expected this, nothing more to do. If not, someone may be using ' +
          `${whose} account. Open ${administrators} in the admin. ${undo}` +
          `Then read the ${auditLog} for what else was done and from where, and ask ${who} ` +
          'whether it was them; if it was not, remove that account too and invite them again.',
        lastResort: lastResort(
          '`npm run admin -- set-password <name>` or `npm run admin -- remove-user <name>`',
          'a new password or no account, and every session of that account ends',
        ),
      };
    }
    case 'adminFirstFactor':
      // Whoever knew the password could have been first: the one to ask is the named person.
      return {
        inAdmin:
          `If ${change.name} told you they were setting up their account, nothing more to do. ` +
          `If not, ask them whether it was them: someone else who knew the password may have ` +
          `taken the account. If it was not them, open ${administrators} in the admin and ` +
          `press "Remove" beside ${change.name} (every browser using it is signed out at once), ` +
          `then "Invite administrator" to invite them again, and read the ${auditLog} for ` +
          'what else was done and from where.',
        lastResort: lastResort(
          `\`npm run admin -- remove-user ${change.name}\``,
          'no account, and every session of that account ends',
        ),
      };
    case 'secondFactorReset':
      // The reset is another administrator's act: the one to ask is them.
      return {
        inAdmin:
          `If you did not ask for this, contact ${change.by} or another administrator at once: ` +
          `someone may be using ${change.by}'s account. Another administrator can press ` +
          `"Remove" beside ${change.by} on ${administrators}. Sign in with your password and ` +
          `the e-mailed code, then ${secure}`,
        lastResort: passwordResort,
      };
    case 'passwordReset':
      // The link came to this mailbox and the second factor was passed: both may be in other hands.
      return {
        inAdmin:
          'If this was you, nothing more to do. If it was not, someone can read this mailbox ' +
          'and has your second factor: change this mailbox’s own password first, then ask ' +
          `another administrator to open ${administrators} and press "Remove" beside ` +
          `${username} (every browser using it is signed out at once), then "Invite ` +
          'administrator" to invite you again.',
        lastResort: passwordResort,
      };
    case 'password':
      // Whoever changed it stays signed in; everyone else, the owner included, was signed out.
      return {
        inAdmin:
          'If this was you, nothing more to do. If it was not, you have probably been signed ' +
          `out: ask another administrator to open ${administrators}, press "Remove" beside ` +
          `${username} (every browser using it is signed out at once), then "Invite ` +
          'administrator" to invite you again with this address. If you are still signed in ' +
          `somewhere, ${secure}`,
        lastResort: passwordResort,
      };
    case 'accessTokenCreated':
      // A token needs no session either: it goes first, and removing the account ends it too.
      return {
        inAdmin:
          'If this was you, nothing more to do. If it was not, someone has your password or a ' +
          `signed-in browser of yours: open ${account}, under "Access tokens" press "Revoke" ` +
          `beside "${change.name}", then ${secureSteps} Or ask another administrator to press ` +
          `"Remove" beside ${username} on ${administrators} and invite you again: your access ` +
          'tokens go with the account.',
        lastResort: lastResort(
          `\`npm run admin -- remove-user ${username}\``,
          'no account, none of its access tokens, and every session ends',
        ),
      };
    case 'passkeyAdded':
      // A passkey needs no password: it goes first, or the new password would not stop it.
      return {
        inAdmin:
          'If this was you, nothing more to do. If it was not, someone has your password or a ' +
          `signed-in browser of yours: open ${account}, under "Passkeys" press "Remove" beside ` +
          `"${change.name}", then ${secureSteps} Or ask another ` +
          `administrator to press "Reset second factor" beside ${username} on ${administrators}: ` +
          'it removes every passkey of yours and signs you out everywhere.',
        lastResort: lastResort(
          `\`npm run admin -- remove-passkeys ${username}\`, then ${setPassword}`,
          'every passkey of yours removed, a new password, and every session ends',
        ),
      };
    default: {
      const repair: Record<typeof change.kind, string> = {
        emailChanged:
          'Then, under "Sign-in code by e-mail", press "Change address" to put this address back.',
        emailRemoved:
          'Then, under "Sign-in code by e-mail", press "Add an address" to put this address back.',
        totpEnabled:
          'Then, under "Authenticator app", press "Turn off" (or, if you cannot sign in without ' +
          `its code, ask another administrator to press "Reset second factor" beside ${username} ` +
          `on ${administrators}).`,
        totpDisabled:
          'Then, under "Authenticator app", press "Set up an authenticator app" to turn it on again.',
        codesGuessed: 'The app’s codes kept them out; the new password is what stops them.',
        // Someone holding a recovery code could come back: new codes void the old ones.
        recoveryCodeUsed:
          'Then, under "Authenticator app", press "Regenerate recovery codes": the old ones stop working.',
        recoveryCodesRegenerated:
          'Then, under "Authenticator app", press "Regenerate recovery codes" again: the codes ' +
          'someone else saw stop working.',
      };
      return {
        inAdmin:
          'If this was you, nothing more to do. If it was not, someone has your password or a ' +
          `signed-in browser of yours: ${secure} ${repair[change.kind]}`,
        lastResort: passwordResort,
      };
    }
  }
}

export function renderAccountNotice(input: {
  siteName: string;
  siteUrl: string;
  username: string;
  change: AccountChange;
  at: Date;
  /** The site's time zone (SITE_TIMEZONE): the moment is written as the owner reads it. */
  timeZone: string;
  device: string;
  address: string;
}): RenderedEmail {
  const { subject, sentence } = whatChanged(input.change);
  const who = `Account: ${input.username}.`;
  const where = `When: ${siteTimeText(input.at, input.timeZone)}. From: ${input.device || 'an unknown browser'}, address ${input.address}.`;
  const advice = adviceFor(input.siteUrl, input.username, input.change);
  const p = LIGHT;
  const body = `${mailHeading(escapeHtml(subject))}
<p style="${PARAGRAPH}">${escapeHtml(sentence)}</p>
<p style="${PARAGRAPH}">${escapeHtml(who)}<br>${escapeHtml(where)}</p>
<p style="${PARAGRAPH}">${escapeHtml(advice.inAdmin)}</p>
<p${attrs('muted', p, `${PARAGRAPH};font-size:14px`)}>${escapeHtml(advice.lastResort)}</p>`;
  const html = emailDocument({
    title: subject,
    scheme: 'auto',
    palette: p,
    body,
    footer: siteFooter(input.siteName, input.siteUrl, p),
  });
  const text = plainTextWithSignature(
    [subject, '', sentence, '', who, where, '', advice.inAdmin, '', advice.lastResort],
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
    username,
    change,
    at: ctx.clock.now(),
    device: deviceName(agent.slice(0, MAX_AGENT_LENGTH)),
    address: maskAddress(ctx.req.ip),
  };
  sendInBackground(
    ctx,
    'notice',
    async () => {
      const site = await mailSite(ctx);
      const mail = renderAccountNotice({
        ...notice,
        siteUrl: site.address,
        timeZone: site.timeZone,
        siteName: site.name,
      });
      return { to, subject: mail.subject, text: mail.text, html: mail.html };
    },
    {
      failed: 'account.notice_failed',
      fields: { username, change: change.kind },
    },
  );
}
