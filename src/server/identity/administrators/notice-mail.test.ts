/**
 * What a security notice tells its reader to do when the change was not expected: the admin's
 * screen and button first, the server's command line last and only for when nobody can sign
 * in (docs/accounts.md, "Notice e-mails").
 */
import { describe, expect, it } from 'vitest';
import { renderAccountNotice } from './notice-mail';
import type { AccountChange } from './notice-change';

const SITE = 'https://harbor.example';
const ACCOUNT = `Account (your username at the top of the admin, ${SITE}/admin/account)`;
const ADMINISTRATORS = `Administrators (${SITE}/admin/users)`;
const LAST_RESORT = 'Only if nobody can sign in to the admin any more: whoever runs the server';

function notice(change: AccountChange, timeZone = 'UTC') {
  return renderAccountNotice({
    siteName: 'Harbor Lane',
    siteUrl: SITE,
    username: 'alice',
    change,
    at: new Date('2026-01-15T10:00:00Z'),
    timeZone,
    device: 'Firefox on Windows',
    address: '203.0.113.x',
  });
}

/** The text's paragraphs after the account and when/where lines: the advice, then the rest. */
function advice(change: AccountChange): { inAdmin: string; lastResort: string } {
  const paragraphs = notice(change).text.split('\n\n');
  const where = paragraphs.findIndex((p) => p.startsWith('Account: alice.'));
  return { inAdmin: paragraphs[where + 1] ?? '', lastResort: paragraphs[where + 2] ?? '' };
}

/** Each change, with the screen and the button its advice must name. */
const CASES: [AccountChange, string, string][] = [
  [{ kind: 'password' }, ADMINISTRATORS, 'press "Remove" beside alice'],
  [{ kind: 'passwordReset' }, ADMINISTRATORS, 'change this mailbox’s own password first'],
  [{ kind: 'emailChanged', to: 'new@example.com' }, ACCOUNT, 'press "Change address"'],
  [{ kind: 'emailRemoved' }, ACCOUNT, 'press "Add an address"'],
  [{ kind: 'passkeyAdded', name: 'Laptop' }, ACCOUNT, 'press "Remove" beside "Laptop"'],
  [{ kind: 'accessTokenCreated', name: 'Claude' }, ACCOUNT, 'press "Revoke" beside "Claude"'],
  [{ kind: 'totpEnabled' }, ACCOUNT, 'under "Authenticator app", press "Turn off"'],
  [{ kind: 'totpDisabled' }, ACCOUNT, 'press "Set up an authenticator app"'],
  [{ kind: 'codesGuessed' }, ACCOUNT, 'choose a new one with "Change password"'],
  [{ kind: 'recoveryCodeUsed', left: 9 }, ACCOUNT, 'press "Regenerate recovery codes"'],
  [{ kind: 'recoveryCodesRegenerated' }, ACCOUNT, 'press "Regenerate recovery codes" again'],
  [{ kind: 'secondFactorReset', by: 'bob' }, ADMINISTRATORS, 'press "Remove" beside bob'],
  [{ kind: 'signedOutEverywhere', by: 'bob' }, ADMINISTRATORS, 'press "Remove" beside bob'],
  [{ kind: 'adminInvited', name: 'erin', by: 'bob' }, ADMINISTRATORS, 'Press "Remove" beside'],
  [{ kind: 'adminJoined', name: 'erin' }, ADMINISTRATORS, 'Press "Remove" beside'],
  [
    { kind: 'adminRemoved', name: 'erin', by: 'bob' },
    ADMINISTRATORS,
    'press "Invite administrator" there to invite them again',
  ],
];

describe('what a security notice says to do', () => {
  it.each(CASES)('%o: the admin screen and button first', (change, screen, button) => {
    const { inAdmin } = advice(change);
    expect(inAdmin).toContain(screen);
    expect(inAdmin).toContain(button);
    // The admin's way needs no access to the server.
    expect(inAdmin).not.toContain('npm run admin');
  });

  it.each(CASES)('%o: the command line last, only when nobody can sign in', (change) => {
    const { lastResort } = advice(change);
    expect(lastResort.startsWith(LAST_RESORT)).toBe(true);
    expect(lastResort).toContain('`npm run admin -- ');
    const { html } = notice(change);
    expect(html.indexOf('npm run admin')).toBeGreaterThan(html.indexOf(SITE + '/admin/'));
  });

  it('names the account in the command it gives, and removes passkeys before the password', () => {
    expect(advice({ kind: 'emailRemoved' }).lastResort).toContain(
      '`npm run admin -- set-password alice`',
    );
    expect(advice({ kind: 'passkeyAdded', name: 'Laptop' }).lastResort).toContain(
      '`npm run admin -- remove-passkeys alice`, then `npm run admin -- set-password alice`',
    );
  });

  it('suspects the administrator who acted, and says so in words', () => {
    expect(advice({ kind: 'adminInvited', name: 'erin', by: 'bob' }).inAdmin).toContain(
      "someone may be using bob's account",
    );
    expect(advice({ kind: 'adminJoined', name: 'erin' }).inAdmin).toContain(
      'someone may be using the inviting administrator’s account',
    );
    expect(advice({ kind: 'adminRemoved', name: 'erin', by: 'bob' }).inAdmin).toContain(
      `read the Audit log (${SITE}/admin/audit)`,
    );
  });
});

describe('the moment of the change', () => {
  it("is written in the site's time zone, named, as the enquiry notification writes it", () => {
    const { text, html } = notice({ kind: 'password' }, 'America/New_York');
    expect(text).toContain('When: Thursday 15 January 2026, 05:00 GMT-5.');
    expect(html).toContain('When: Thursday 15 January 2026, 05:00 GMT-5.');
  });
});
