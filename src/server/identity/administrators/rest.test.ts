import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../../../db/schema';
import { ACCOUNT_MESSAGES } from '../../../shared/account';
import { USER_MESSAGES as M } from '../../../shared/users';
import { MESSAGES } from '../../../shared/messages';
import type { App } from '../../app/app';
import { signedInCookie, type RecordingMailer, type TestDeps } from '../../../../tests/support/app';
import { invitationToken } from '../../../../tests/support/invitations';
import { addPasskey } from '../../../../tests/support/passkeys';
import { insertUser, PASSWORD, sessionCookieFrom } from '../../../../tests/support/users';
import { WRONG_PASSWORD } from '../passwords/prove-password';
import {
  answer,
  invalid,
  rest,
  signedInRestApp,
  UNAUTHORIZED,
  type AdminRest,
} from '../../../../tests/support/rest';

let app: App;
let deps: TestDeps;
let asAdmin: AdminRest;

beforeEach(async () => {
  ({ app, deps, asAdmin } = await signedInRestApp());
});

const idOf = async (username: string) =>
  (await deps.db.select().from(users).where(eq(users.username, username)).get())!.id;

describe('signed out', () => {
  it.each([
    ['GET', '/api/users'],
    ['POST', '/api/users'],
    ['POST', '/api/users/1/invitation'],
    ['DELETE', '/api/users/1'],
    ['DELETE', '/api/users/abc'],
    ['POST', '/api/users/1/second-factor/reset'],
  ])('%s %s answers 401', async (method, path) => {
    const opts = method === 'POST' ? { json: { username: 'x', email: 'x@example.com' } } : {};
    expect(await rest(app, method, path, opts)).toEqual(answer(401, UNAUTHORIZED));
  });
});

describe('/api/users', () => {
  it('GET answers the list', async () => {
    const result = await asAdmin('GET', '/api/users');
    expect(result).toEqual(
      answer(200, {
        success: true,
        users: [
          {
            id: await idOf('admin'),
            username: 'admin',
            email: null,
            secondFactor: 'none',
            passkeys: 0,
            createdAt: '2026-01-15T10:00:00.000Z',
            lastSignInAt: null,
            invited: false,
            current: true,
          },
        ],
      }),
    );
  });

  it('POST invites: 201 with the user, 409 for a taken name, 400 for bad input', async () => {
    const created = await asAdmin('POST', '/api/users', {
      json: { username: 'erin', email: 'erin@example.com' },
    });
    expect(created).toEqual(
      answer(201, {
        success: true,
        user: expect.objectContaining({ username: 'erin', invited: true, secondFactor: 'email' }),
      }),
    );
    expect(
      await asAdmin('POST', '/api/users', { json: { username: 'Erin', email: 'e@example.com' } }),
    ).toEqual(answer(409, { success: false, message: M.taken('Erin') }));
    expect(await asAdmin('POST', '/api/users', { json: { username: '', email: 'nope' } })).toEqual(
      answer(
        400,
        invalid([
          { path: 'username', message: M.username },
          { path: 'email', message: MESSAGES.email },
        ]),
      ),
    );
    expect((await asAdmin('POST', '/api/users', { raw: '{' })).status).toBe(400);
  });

  it('POST /api/users/:id/invitation renews the link of someone not joined yet', async () => {
    await asAdmin('POST', '/api/users', { json: { username: 'erin', email: 'erin@example.com' } });
    const id = await idOf('erin');
    const renewed = await asAdmin('POST', `/api/users/${id}/invitation`);
    expect(renewed).toEqual(
      answer(200, { success: true, user: expect.objectContaining({ username: 'erin' }) }),
    );
    expect(await asAdmin('POST', `/api/users/${await idOf('admin')}/invitation`)).toEqual(
      answer(409, { success: false, message: M.alreadyJoined }),
    );
    expect(await asAdmin('POST', '/api/users/999/invitation')).toEqual(
      answer(404, { success: false, message: M.notFound }),
    );
  });

  it('DELETE removes; yourself 409, unknown 404, a bad id 400', async () => {
    const bobCookie = await signedInCookie(deps, 'bob');
    expect(await asAdmin('DELETE', `/api/users/${await idOf('bob')}`)).toEqual(
      answer(200, { success: true }),
    );
    expect((await rest(app, 'GET', '/api/users', { cookie: bobCookie })).status).toBe(401);
    expect(await asAdmin('DELETE', `/api/users/${await idOf('admin')}`)).toEqual(
      answer(409, { success: false, message: M.removeSelf }),
    );
    expect(await asAdmin('DELETE', '/api/users/999')).toEqual(
      answer(404, { success: false, message: M.notFound }),
    );
    expect(await asAdmin('DELETE', '/api/users/abc')).toEqual(
      answer(400, invalid([{ path: 'id', message: MESSAGES.id }])),
    );
  });
});

describe('POST /api/admin/invite', () => {
  it('sets the password and signs in (200 with a session cookie), once', async () => {
    await asAdmin('POST', '/api/users', { json: { username: 'erin', email: 'erin@example.com' } });
    const token = await invitationToken(deps.mailer as RecordingMailer, 'erin@example.com');
    const body = { token, password: 'a long new password' };
    const joined = await rest(app, 'POST', '/api/admin/invite', { json: body });
    expect(joined).toEqual(answer(200, { success: true, username: 'erin' }));
    const cookie = sessionCookieFrom(joined.headers);
    expect(await rest(app, 'GET', '/api/admin/check', { cookie: cookie ?? '' })).toEqual(
      answer(200, {
        authenticated: true,
        username: 'erin',
        awaitingTwoFactor: false,
        pendingMethod: null,
        setupRequired: false,
      }),
    );
    expect(await rest(app, 'POST', '/api/admin/invite', { json: body })).toEqual(
      answer(404, { success: false, message: M.invitationGone }),
    );
  });

  it('answers 404 for a made-up token and 400 for a short password', async () => {
    const token = 'z'.repeat(43);
    expect(
      await rest(app, 'POST', '/api/admin/invite', {
        json: { token, password: 'a long new password' },
      }),
    ).toEqual(answer(404, { success: false, message: M.invitationGone }));
    expect(
      await rest(app, 'POST', '/api/admin/invite', { json: { token, password: 'short' } }),
    ).toEqual(
      answer(400, invalid([{ path: 'password', message: ACCOUNT_MESSAGES.newPasswordShort }])),
    );
  });
});

describe('POST /api/users/:id/second-factor/reset', () => {
  it('answers 200 with the user, then 409 with nothing left; 401, 404, 409 and 400 as documented', async () => {
    // Carol acts (a password of her own); Erin has a passkey.
    await insertUser(deps, 'carol');
    const carol = await signedInCookie(deps, 'carol');
    const erin = await insertUser(deps, 'erin', 'erin@example.com');
    await addPasskey(deps, await signedInCookie(deps, 'erin'));
    const path = `/api/users/${erin.id}/second-factor/reset`;
    const post = (to: string, opts: { json?: unknown; raw?: string }) =>
      rest(app, 'POST', to, { ...opts, cookie: carol });

    expect(await post(path, { json: { password: 'not my password' } })).toEqual(
      answer(401, { success: false, message: WRONG_PASSWORD }),
    );
    expect(await post(path, { json: { password: PASSWORD } })).toEqual(
      answer(200, {
        success: true,
        user: {
          id: erin.id,
          username: 'erin',
          email: 'erin@example.com',
          secondFactor: 'email',
          passkeys: 0,
          createdAt: '2026-01-15T10:00:00.000Z',
          lastSignInAt: null,
          invited: false,
          current: false,
        },
      }),
    );
    expect(await post(path, { json: { password: PASSWORD } })).toEqual(
      answer(409, { success: false, message: M.nothingToReset('erin') }),
    );
    expect(
      await post(`/api/users/${await idOf('carol')}/second-factor/reset`, {
        json: { password: PASSWORD },
      }),
    ).toEqual(answer(409, { success: false, message: M.resetSelf }));
    expect(
      await post('/api/users/999/second-factor/reset', { json: { password: PASSWORD } }),
    ).toEqual(answer(404, { success: false, message: M.notFound }));
    expect(
      await post('/api/users/abc/second-factor/reset', { json: { password: PASSWORD } }),
    ).toEqual(answer(400, invalid([{ path: 'id', message: MESSAGES.id }])));
    expect(await post(path, { json: {} })).toEqual(
      answer(400, invalid([{ path: 'password', message: ACCOUNT_MESSAGES.currentPassword }])),
    );
    expect(await post(path, { json: ['password'] })).toEqual(
      answer(400, invalid([{ path: 'password', message: ACCOUNT_MESSAGES.currentPassword }])),
    );
    expect((await post(path, { raw: '{' })).status).toBe(400);
  });

  it('answers 429 with Retry-After after 5 wrong passwords', async () => {
    await insertUser(deps, 'carol');
    const carol = await signedInCookie(deps, 'carol');
    const path = `/api/users/${await idOf('admin')}/second-factor/reset`;
    for (let i = 0; i < 5; i++) {
      const wrong = await rest(app, 'POST', path, { cookie: carol, json: { password: 'nope' } });
      expect(wrong.status).toBe(401);
    }
    const throttled = await rest(app, 'POST', path, {
      cookie: carol,
      json: { password: PASSWORD },
    });
    expect(throttled.status).toBe(429);
    expect(throttled.body).toEqual({ success: false, message: expect.any(String) });
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
