/**
 * The audit entries of the account's quieter changes (an app's set-up started, new recovery
 * codes, a passkey renamed) and of every CSV download, with the file and its filter.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS, auditActionValues } from '#shared/audit';
import { callerFor, createTestApp, signedInCookie, type TestDeps } from '#tests/support/app';
import { auditEntries } from '#tests/support/audit';
import { addPasskey } from '#tests/support/passkeys';
import { enableTotpFor, passwordSession } from '#tests/support/totp';
import { insertUser, PASSWORD } from '#tests/support/users';
import type { App } from '#server/app/app';
import { exportTarget } from './download';

let app: App;
let deps: TestDeps;

beforeEach(async () => {
  ({ app, deps } = await createTestApp());
});

/** The entries of one action, as the Audit screen would show who, what and from where. */
async function entriesOf(action: string) {
  return (await auditEntries(deps.db))
    .filter((e) => e.action === action)
    .map(({ actor, target, address }) => ({ actor, target, address }));
}

describe('the account changes recorded', () => {
  it('records an app set-up started and new recovery codes, never a secret or a code', async () => {
    await insertUser(deps, 'alice');
    const cookie = await passwordSession(deps, 'alice');
    const { secret, recoveryCodes } = await enableTotpFor(deps, cookie);
    expect(await entriesOf('totp_setup_started')).toEqual([
      { actor: 'alice', target: null, address: '203.0.113.x' },
    ]);

    const { caller } = callerFor(deps, { cookie, ip: '198.51.100.4' });
    // With the app on, new codes also take one of its codes (a recovery code will do).
    const { recoveryCodes: fresh } = await caller.secondFactor.regenerateRecoveryCodes({
      password: PASSWORD,
      code: recoveryCodes[0] ?? '',
    });
    expect(await entriesOf('recovery_codes_regenerated')).toEqual([
      { actor: 'alice', target: null, address: '198.51.100.x' },
    ]);
    const stored = JSON.stringify(await auditEntries(deps.db));
    for (const each of [secret, ...recoveryCodes, ...fresh]) expect(stored).not.toContain(each);
  });

  it('records a passkey renamed, and nothing for a rename of no passkey of yours', async () => {
    await insertUser(deps, 'alice');
    const cookie = await passwordSession(deps, 'alice');
    const { id } = await addPasskey(deps, cookie, 'Laptop');
    const { caller } = callerFor(deps, { cookie });
    await caller.passkeys.rename({ id, name: 'Work laptop' });
    await expect(caller.passkeys.rename({ id: id + 1, name: 'Phone' })).rejects.toThrow();
    expect(await entriesOf('passkey_renamed')).toEqual([
      { actor: 'alice', target: `passkey ${id}`, address: '203.0.113.x' },
    ]);
  });
});

describe('CSV downloads recorded', () => {
  it('records each export with its file and filter, by whom and from where', async () => {
    const cookie = await signedInCookie(deps, 'admin');
    const headers = { cookie, 'x-forwarded-for': '203.0.113.50' };
    const paths = [
      '/api/messages.csv?q=data%20team&subject=consulting',
      '/api/messages.csv',
      '/api/subscribers.csv?status=confirmed',
      '/api/analytics.csv?from=2026-01-01&to=2026-01-14',
      '/api/audit.csv?action=sign_in&actor=bob',
    ];
    for (const path of paths) {
      expect((await app.request(path, { headers })).status, path).toBe(200);
    }
    expect((await entriesOf('export_downloaded')).map((e) => [e.actor, e.target])).toEqual([
      ['admin', 'messages.csv q="data team" subject=consulting'],
      ['admin', 'messages.csv'],
      ['admin', 'subscribers.csv status=confirmed'],
      ['admin', 'analytics.csv from=2026-01-01 to=2026-01-14'],
      ['admin', 'audit.csv action=sign_in actor=bob'],
    ]);
  });

  it('records nothing for a download refused (signed out, or a bad filter)', async () => {
    const cookie = await signedInCookie(deps, 'admin');
    expect((await app.request('/api/messages.csv')).status).toBe(401);
    const badStatus = await app.request('/api/subscribers.csv?status=gone', {
      headers: { cookie },
    });
    expect(badStatus.status).toBe(400);
    expect(await entriesOf('export_downloaded')).toEqual([]);
  });

  it('quotes a filter that is not a plain word, control characters included', () => {
    expect(exportTarget('messages.csv', { q: 'a "b"\nc', subject: undefined })).toBe(
      'messages.csv q="a \\"b\\"\\nc"',
    );
  });
});

it('names every action for the Audit screen and its filter', () => {
  for (const action of [
    'recovery_codes_regenerated',
    'totp_setup_started',
    'passkey_renamed',
    'export_downloaded',
    'newsletter_test_sent',
  ] as const) {
    expect(auditActionValues).toContain(action);
    expect(AUDIT_ACTION_LABELS[action]).toMatch(/^[A-Z]/);
  }
});
