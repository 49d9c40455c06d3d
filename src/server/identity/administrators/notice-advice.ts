import type { AccountChange } from './notice-change';

/**
 * What to do if the change was not expected: first what the admin itself offers (the screen
 * and the button), then the server's command line, the way back in only when nobody can sign
 * in any more. Every step names a screen the recipient can reach with what they still have.
 */
export interface Advice {
  inAdmin: string;
  lastResort: string;
}

/** "Administrators (https://example.com/admin/users)" */
function screen(siteUrl: string, name: string, path: string): string {
  return `${name} (${siteUrl}${path})`;
}

/** The screens and steps the advice names, in the recipient's site and with their username. */
interface Words {
  username: string;
  account: string;
  administrators: string;
  auditLog: string;
  secureSteps: string;
  secure: string;
  setPassword: string;
  passwordResort: string;
}

function wordsFor(siteUrl: string, username: string): Words {
  const account = `Account (your username at the top of the admin, ${siteUrl}/admin/account)`;
  // A stranger with the password or a signed-in browser: a new password signs out every other
  // browser, the one who saves it stays signed in.
  const secureSteps =
    'under "Password" choose a new one with "Change password" (every other browser is signed ' +
    'out at once), and under "Where you’re signed in" press "End" on any browser you do not ' +
    'recognise.';
  const setPassword = `\`npm run admin -- set-password ${username}\``;
  return {
    username,
    account,
    administrators: screen(siteUrl, 'Administrators', '/admin/users'),
    auditLog: screen(siteUrl, 'Audit log', '/admin/audit'),
    secureSteps,
    secure: `open ${account}: ${secureSteps}`,
    setPassword,
    passwordResort: lastResort(setPassword, 'a new password, and every session ends'),
  };
}

function lastResort(command: string, effect: string): string {
  return (
    'Only if nobody can sign in to the admin any more: whoever runs the server types ' +
    `${command} there (${effect}).`
  );
}

type ChangeOf<Kind extends AccountChange['kind']> = Extract<AccountChange, { kind: Kind }>;

export function adviceFor(siteUrl: string, username: string, change: AccountChange): Advice {
  const words = wordsFor(siteUrl, username);
  switch (change.kind) {
    case 'adminInvited':
    case 'adminJoined':
    case 'adminRemoved':
      return administratorsChanged(words, change);
    case 'adminFirstFactor':
      return firstFactorAdded(words, change);
    case 'secondFactorReset':
    case 'signedOutEverywhere':
      return actedByAnother(words, change);
    case 'passwordReset':
    case 'password':
      return passwordChanged(words, change);
    case 'accessTokenCreated':
    case 'passkeyAdded':
      return wayInAdded(words, change);
    default:
      return secondFactorChanged(words, change);
  }
}

/** Told to every administrator: someone was invited, joined or was removed. */
function administratorsChanged(
  { administrators, auditLog }: Words,
  change: ChangeOf<'adminInvited' | 'adminJoined' | 'adminRemoved'>,
): Advice {
  // Another administrator's account may be in someone else's hands: the one who acted.
  const who = change.kind === 'adminJoined' ? 'the administrator who invited them' : change.by;
  const whose = change.kind === 'adminJoined' ? 'the inviting administrator’s' : `${change.by}'s`;
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

/** Told to every other administrator: an account that had no second factor now has one. */
function firstFactorAdded(
  { administrators, auditLog }: Words,
  change: ChangeOf<'adminFirstFactor'>,
): Advice {
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
}

/** Another administrator reset your second factor or signed you out everywhere. */
function actedByAnother(
  { administrators, secure, passwordResort }: Words,
  change: ChangeOf<'secondFactorReset' | 'signedOutEverywhere'>,
): Advice {
  if (change.kind === 'secondFactorReset') {
    // The reset is another administrator's act: the one to ask is them.
    return {
      inAdmin:
        `If you did not ask for this, contact ${change.by} or another administrator at once: ` +
        `someone may be using ${change.by}'s account. Another administrator can press ` +
        `"Remove" beside ${change.by} on ${administrators}. Sign in with your password and ` +
        `the e-mailed code, then ${secure}`,
      lastResort: passwordResort,
    };
  }
  // Another administrator's act: theirs may be the account in someone else's hands, or
  // they saw a browser of yours that was not you.
  return {
    inAdmin:
      `If you did not expect this, contact ${change.by} or another administrator and ask ` +
      `why: someone may be using ${change.by}'s account, and another administrator can ` +
      `press "Remove" beside ${change.by} on ${administrators}. If ${change.by} says a ` +
      `stranger was signed in as you, sign in again and ${secure}`,
    lastResort: passwordResort,
  };
}

/** Your password was changed, or set anew through a "Forgot your password?" link. */
function passwordChanged(
  { username, administrators, secure, passwordResort }: Words,
  change: ChangeOf<'passwordReset' | 'password'>,
): Advice {
  if (change.kind === 'passwordReset') {
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
  }
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
}

/** A way in that needs no password or session: an access token, a passkey. */
function wayInAdded(
  { username, account, administrators, secureSteps, setPassword }: Words,
  change: ChangeOf<'accessTokenCreated' | 'passkeyAdded'>,
): Advice {
  if (change.kind === 'accessTokenCreated') {
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
  }
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
}

/** Your second factor changed: the code address, the authenticator app, recovery codes. */
function secondFactorChanged(
  { username, administrators, secure, passwordResort }: Words,
  change: ChangeOf<
    | 'emailChanged'
    | 'emailRemoved'
    | 'totpEnabled'
    | 'totpDisabled'
    | 'codesGuessed'
    | 'recoveryCodeUsed'
    | 'recoveryCodesRegenerated'
  >,
): Advice {
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
