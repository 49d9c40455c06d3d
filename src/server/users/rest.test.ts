import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema';
import { ACCOUNT_MESSAGES } from '../../shared/account';
import { USER_MESSAGES as M } from '../../shared/users';
import { MESSAGES } from '../../shared/messages';
import type { App } from '../http/app';
import { signedInCookie, type RecordingMailer, type TestDeps } from '../../../tests/support/app';
import { invitationToken } from '../../../tests/support/invitations';
import { sessionCookieFrom } from '../../../tests/support/users';
import {
  answer,
  invalid,
  rest,
  signedInRestApp,
  UNAUTHORIZED,
  type AdminRest,
} from '../../../tests/support/rest';

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
