/**
 * Device cookies against lockout (docs/decisions/0030): guesses from a stranger lock the name
 * for unknown browsers, not for the owner's browser that signed in before.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createApp, type App } from '#server/app/app';
import {
  createRecordingMailer,
  createTestDeps,
  testConfig,
  type RecordingMailer,
  type TestDeps,
} from '#tests/support/app';
import { rest } from '#tests/support/rest';
import { deviceCookieFrom, insertUser, PASSWORD, sessionCookieFrom } from '#tests/support/users';
import { removeUser, setPassword } from '../users/manage-users';

const STRANGER = '198.51.100.66';

let deps: TestDeps;
let app: App;
let mailer: RecordingMailer;

async function setup(production = false) {
  mailer = createRecordingMailer();
  deps = await createTestDeps({ mailer, config: testConfig({ trustProxy: true, production }) });
  app = createApp(deps);
}

beforeEach(async () => {
  await setup();
  await insertUser(deps, 'alice');
});

const login = (password: string, ip: string, cookie?: string, username = 'alice') =>
  rest(app, 'POST', '/api/admin/login', { json: { username, password }, ip, cookie });

/** Signs in from the owner's browser and answers its device cookie. */
async function ownersDevice(username = 'alice'): Promise<string> {
  const res = await login(PASSWORD, '192.0.2.10', undefined, username);
  expect(res.status).toBe(200);
  const cookie = deviceCookieFrom(res.headers);
  if (!cookie) throw new Error('no device cookie set');
  return cookie;
}

describe('the device cookie', { timeout: 60_000 }, () => {
  it('is set for a year after a full sign-in: HttpOnly, SameSite=Lax, not Secure outside production', async () => {
    const res = await login(PASSWORD, '192.0.2.10');
    const set = res.headers.getSetCookie().find((c) => c.startsWith('admin_device=')) ?? '';
    expect(set).toMatch(/Max-Age=31536000/);
    expect(set).toMatch(/Path=\//);
    expect(set).toMatch(/HttpOnly/);
    expect(set).toMatch(/SameSite=Lax/);
    expect(set).not.toMatch(/Secure/);
    // Not after a wrong password.
    expect(deviceCookieFrom((await login('wrong password', '192.0.2.10')).headers)).toBeNull();
  });

  it('is __Host- prefixed and Secure in production', async () => {
    await setup(true);
    await insertUser(deps, 'alice');
    const res = await login(PASSWORD, '192.0.2.10');
    const set = res.headers.getSetCookie().find((c) => c.startsWith('__Host-admin_device=')) ?? '';
    expect(set).toMatch(/Secure/);
    expect(set).toMatch(/Path=\//);
    expect(set).not.toMatch(/Domain/i);
  });

  it('comes only once the code is right when one is due, and keeps its device id', async () => {
    await insertUser(deps, 'erin', 'erin@example.com');
    const first = await login(PASSWORD, '192.0.2.10', undefined, 'erin');
    expect(deviceCookieFrom(first.headers)).toBeNull();
    const code = /\b(\d{6})\b/.exec(mailer.sent.at(-1)?.text ?? '')?.[1];
    const verified = await rest(app, 'POST', '/api/admin/verify-2fa', {
      json: { code },
      cookie: sessionCookieFrom(first.headers) ?? '',
    });
    expect(verified.status).toBe(200);
    const device = deviceCookieFrom(verified.headers);
    expect(device).toMatch(/^admin_device=/);
    // Signing in again from that browser renews the same device.
    const again = await login(PASSWORD, '192.0.2.10', device ?? '', 'erin');
    const pending = sessionCookieFrom(again.headers) ?? '';
    const code2 = /\b(\d{6})\b/.exec(mailer.sent.at(-1)?.text ?? '')?.[1];
    const renewed = await rest(app, 'POST', '/api/admin/verify-2fa', {
      json: { code: code2 },
      cookie: `${pending}; ${device}`,
    });
    expect(deviceCookieFrom(renewed.headers)).toBe(device);
  });

  it("lets the owner's browser in while a stranger's guesses lock the name, and locks that device after 5 of its own", async () => {
    const device = await ownersDevice();
    const guesses = await Promise.all(
      Array.from({ length: 20 }, () => login('wrong guess', STRANGER)),
    );
    const statuses = guesses.map((g) => g.status);
    expect(statuses.filter((s) => s === 401).length).toBe(5);
    expect(statuses.filter((s) => s === 429).length).toBe(15);
    // An unknown browser, even from a fresh address, is refused: the name is locked.
    expect((await login(PASSWORD, '192.0.2.20')).status).toBe(429);
    // The owner's browser, from yet another address, still signs in.
    expect((await login(PASSWORD, '203.0.113.30', device)).status).toBe(200);
    // 5 wrong passwords from that device (each from a new address) lock the device.
    for (let i = 0; i < 5; i++) {
      expect((await login('wrong again', `203.0.113.${40 + i}`, device)).status).toBe(401);
    }
    const locked = await login(PASSWORD, '203.0.113.50', device);
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toBe('900');
  });

  it("counts a tampered or another user's device cookie as none", async () => {
    await insertUser(deps, 'bob');
    const bobs = await ownersDevice('bob');
    const alices = await ownersDevice();
    for (let i = 0; i < 5; i++) {
      expect((await login('wrong guess', `198.51.100.${i + 1}`)).status).toBe(401);
    }
    // The signature's first character, which carries six bits of its first byte: the last
    // one's low bits are padding, where another letter decodes to the same bytes.
    const tampered = alices.replace(/\.([^.])([^.]*)$/, (_, first: string, rest: string) =>
      first === 'A' ? `.B${rest}` : `.A${rest}`,
    );
    expect(tampered).not.toBe(alices);
    const forged = alices.replace(/=([^.]+)\./, `=${Buffer.from('bob').toString('base64url')}.`);
    for (const cookie of [tampered, forged, bobs]) {
      expect((await login(PASSWORD, '192.0.2.77', cookie)).status).toBe(429);
    }
    expect((await login(PASSWORD, '192.0.2.77', alices)).status).toBe(200);
  });
});

describe('a device cookie', { timeout: 60_000 }, () => {
  /** 5 wrong passwords for alice from unknown browsers: the name is locked for them. */
  async function strangerLocksTheName() {
    for (let i = 0; i < 5; i++) {
      expect((await login('wrong guess', `198.51.100.${i + 1}`)).status).toBe(401);
    }
  }

  it('dies with a password change on the Account screen', async () => {
    const signedIn = await login(PASSWORD, '192.0.2.10');
    const device = deviceCookieFrom(signedIn.headers) ?? '';
    const changed = await rest(app, 'POST', '/api/account/password', {
      json: { currentPassword: PASSWORD, newPassword: 'a brand new passphrase' },
      cookie: sessionCookieFrom(signedIn.headers) ?? '',
      ip: '192.0.2.10',
    });
    expect(changed.status).toBe(200);
    await strangerLocksTheName();
    expect((await login('a brand new passphrase', '192.0.2.11', device)).status).toBe(429);
  });

  it('dies with a new password from the command line, and with the user (a new alice is another person)', async () => {
    const device = await ownersDevice();
    await setPassword(deps.db, 'alice', 'the owner is back in');
    await strangerLocksTheName();
    expect((await login('the owner is back in', '192.0.2.11', device)).status).toBe(429);

    await setup();
    await insertUser(deps, 'alice');
    const first = await ownersDevice();
    await removeUser(deps.db, 'alice');
    await insertUser(deps, 'alice');
    await strangerLocksTheName();
    expect((await login(PASSWORD, '192.0.2.12', first)).status).toBe(429);
  });

  it("gets at most 20 wrong passwords a day across all of the name's devices, success or not", async () => {
    const device = await ownersDevice();
    const other = await ownersDevice();
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 5; i++) {
        const from = round % 2 === 0 ? device : other;
        expect((await login('guess', `203.0.113.${round * 5 + i + 1}`, from)).status).toBe(401);
      }
      deps.clock.advance(16 * 60_000);
      // The owner signing in forgives that device's own failures, not the day's total.
      if (round < 3) expect((await login(PASSWORD, '192.0.2.30', device)).status).toBe(200);
    }
    const capped = await login(PASSWORD, '192.0.2.31', device);
    expect(capped.status).toBe(429);
    expect(Number(capped.headers.get('retry-after'))).toBeGreaterThan(15 * 60);
    // An unknown browser is not held by the devices' cap.
    expect((await login(PASSWORD, '192.0.2.32')).status).toBe(200);
  });
});

describe('the way in for a locked-out owner', { timeout: 30_000 }, () => {
  it("is the command line's set-password, which lifts the name's and its devices' locks", async () => {
    await insertUser(deps, 'a_b');
    await insertUser(deps, 'axb');
    const device = await ownersDevice('a_b');
    const others = await ownersDevice('axb');
    for (let i = 0; i < 5; i++) {
      await login('wrong', `198.51.100.${i + 1}`, undefined, 'a_b');
      await login('wrong', `198.51.100.${i + 11}`, device, 'a_b');
      await login('wrong', `198.51.100.${i + 21}`, others, 'axb');
    }
    expect((await login(PASSWORD, '192.0.2.80', undefined, 'a_b')).status).toBe(429);
    await setPassword(deps.db, 'a_b', 'the owner is back in');
    expect((await login('the owner is back in', '192.0.2.81', undefined, 'a_b')).status).toBe(200);
    expect((await login('the owner is back in', '192.0.2.82', device, 'a_b')).status).toBe(200);
    // Another name's device, though its bucket looks alike to a LIKE pattern, stays locked.
    expect((await login(PASSWORD, '192.0.2.83', others, 'axb')).status).toBe(429);
  });
});
