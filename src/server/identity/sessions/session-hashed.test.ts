/**
 * Session ids are stored hashed, like every token (docs/accounts.md, "Sessions"): the cookie
 * names the secret id, the row keeps its hash, so a copied database row (from a backup, or the
 * file itself) is no session, even sealed into a cookie with the site's own key.
 */
import { sealData, unsealData } from 'iron-session';
import { expect, it } from 'vitest';
import { sessions } from '#db/schema';
import { createApp } from '#server/app/app';
import { cookieSealKey } from '#server/platform/keys';
import { createTestDeps } from '#tests/support/app';
import { rest } from '#tests/support/rest';
import { insertUser, PASSWORD, sessionCookieFrom } from '#tests/support/users';
import { SESSION_TTL_MS, sessionCookieName, sessionRowId } from './session';

it('keeps only the hash of the id its cookie names: a copied row’s id opens no session', async () => {
  const deps = await createTestDeps();
  const app = createApp(deps);
  await insertUser(deps, 'alice');
  const signIn = await rest(app, 'POST', '/api/admin/login', {
    json: { username: 'alice', password: PASSWORD },
  });
  const cookie = sessionCookieFrom(signIn.headers) ?? '';
  const check = async (withCookie: string) =>
    (await rest(app, 'GET', '/api/admin/check', { cookie: withCookie })).body;
  expect(await check(cookie)).toMatchObject({ authenticated: true });

  const key = cookieSealKey(deps.config.sessionSecret);
  const { sid } = await unsealData<{ sid: string }>(cookie.replace(/^[^=]+=/, ''), {
    password: key,
  });
  const rows = await deps.db.select({ id: sessions.id }).from(sessions).all();
  expect(rows).toEqual([{ id: sessionRowId(sid) }]);
  expect(rows[0]?.id).not.toBe(sid);

  // Someone with a copy of the database, and even the secret that seals cookies, puts the
  // row's id in a cookie of their own: it names no session.
  const forged = await sealData(
    { sid: rows[0]?.id },
    { password: key, ttl: SESSION_TTL_MS / 1000 },
  );
  expect(await check(`${sessionCookieName(false)}=${forged}`)).toMatchObject({
    authenticated: false,
  });
  // Signing out ends the session the cookie names, by its hash.
  await rest(app, 'POST', '/api/admin/logout', { cookie });
  expect(await deps.db.select().from(sessions).all()).toEqual([]);
});
