/**
 * The Account screen's access tokens through app.request() (docs/mcp.md, docs/api.md): the
 * list, the creation after a recent proof, the revocation, the audit entries, the cap.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accessTokens, auditEvents } from '#db/schema';
import { ACCESS_TOKEN_MESSAGES, LIVE_TOKENS_MAX } from '#shared/access-tokens';
import { ACCOUNT_MESSAGES } from '#shared/account';
import { RECENT_PROOF_MS } from '#server/identity/recent-proof/recent-proof';
import {
  createRecordingMailer,
  createTestApp,
  signedInCookie,
  type RecordingMailer,
  type TestDeps,
} from '#tests/support/app';
import { answer, rest, type RestOptions, type RestResult } from '#tests/support/rest';
import { insertUser, PASSWORD } from '#tests/support/users';
import { mailsSettled } from '#server/platform/mail';
import type { App } from '#server/app/app';
import { verifyAccessToken } from './store';

let app: App;
let deps: TestDeps;
let mailer: RecordingMailer;
let as: (method: string, path: string, opts?: RestOptions) => Promise<RestResult>;

const NEW_TOKEN = { name: 'Claude Desktop', scopes: ['leads:read', 'content:read'], days: 30 };

beforeEach(async () => {
  mailer = createRecordingMailer();
  ({ app, deps } = await createTestApp({ mailer }));
  await insertUser(deps, 'alice', 'alice@example.com');
  const cookie = await signedInCookie(deps, 'alice');
  as = (method, path, opts = {}) => rest(app, method, path, { cookie, ...opts });
});

const storedTokens = () => deps.db.select().from(accessTokens).all();
const auditOf = (action: 'token_created' | 'token_revoked') =>
  deps.db
    .select({ actor: auditEvents.actor, target: auditEvents.target })
    .from(auditEvents)
    .where(eq(auditEvents.action, action))
    .all();

describe('GET, POST, DELETE /api/account/tokens', () => {
  it('makes a token shown once, lists it without its secret, and revokes it', async () => {
    expect(await as('GET', '/api/account/tokens')).toEqual(
      answer(200, { success: true, tokens: [] }),
    );

    const created = await as('POST', '/api/account/tokens', { json: NEW_TOKEN });
    const token = {
      id: 1,
      name: 'Claude Desktop',
      scopes: ['leads:read', 'content:read'],
      createdAt: '2026-01-15T10:00:00.000Z',
      expiresAt: '2026-02-14T10:00:00.000Z',
      lastUsedAt: null,
    };
    expect(created).toEqual(answer(201, { success: true, token, secret: expect.any(String) }));
    const { secret } = created.body as { secret: string };
    // Like a passkey, a token needs no password: its owner is told, with how to revoke it.
    await mailsSettled(mailer);
    expect(mailer.sent).toMatchObject([
      { to: 'alice@example.com', subject: 'An access token was made for your account' },
    ]);
    expect(mailer.sent[0]?.text).toContain(
      'under "Access tokens" press "Revoke" beside "Claude Desktop"',
    );
    expect(mailer.sent[0]?.text).not.toContain(secret);
    expect(await verifyAccessToken(deps.db, secret, deps.clock.now())).toMatchObject({ id: 1 });

    const listed = await as('GET', '/api/account/tokens');
    expect(listed.body).toEqual({
      success: true,
      tokens: [{ ...token, lastUsedAt: '2026-01-15T10:00:00.000Z' }],
    });
    expect(JSON.stringify(listed.body)).not.toContain(secret);

    expect(await as('DELETE', '/api/account/tokens/1')).toEqual(answer(200, { success: true }));
    expect(await verifyAccessToken(deps.db, secret, deps.clock.now())).toBeNull();
    expect((await as('GET', '/api/account/tokens')).body).toEqual({ success: true, tokens: [] });
    // Gone already: 404, and no second entry.
    expect((await as('DELETE', '/api/account/tokens/1')).status).toBe(404);

    const target = 'Claude Desktop (leads:read, content:read)';
    expect(await auditOf('token_created')).toEqual([{ actor: 'alice', target }]);
    expect(await auditOf('token_revoked')).toEqual([{ actor: 'alice', target }]);
    const everything = JSON.stringify(await deps.db.select().from(auditEvents).all());
    expect(everything).not.toContain(secret.slice(4));
  });

  it('needs a recent proof: without one 401 asking for the password (before any 400), with it 201', async () => {
    deps.clock.advance(RECENT_PROOF_MS);
    const refused = answer(401, { success: false, message: ACCOUNT_MESSAGES.passwordNeeded });
    expect(await as('POST', '/api/account/tokens', { json: NEW_TOKEN })).toEqual(refused);
    expect(await as('POST', '/api/account/tokens', { json: { name: '' } })).toEqual(refused);
    expect(await storedTokens()).toEqual([]);

    const wrong = await as('POST', '/api/account/tokens', {
      json: { ...NEW_TOKEN, password: 'not the password' },
    });
    expect(wrong.status).toBe(401);
    expect(await storedTokens()).toEqual([]);

    const proved = await as('POST', '/api/account/tokens', {
      json: { ...NEW_TOKEN, password: PASSWORD },
    });
    expect(proved.status).toBe(201);
    // The proof now counts for the next 10 minutes, as for the other guarded changes.
    expect((await as('POST', '/api/account/tokens', { json: NEW_TOKEN })).status).toBe(201);
  });

  it.each([
    ['name', { ...NEW_TOKEN, name: ' ' }, ACCESS_TOKEN_MESSAGES.name],
    ['name', { ...NEW_TOKEN, name: 'x'.repeat(61) }, ACCESS_TOKEN_MESSAGES.name],
    ['name', { ...NEW_TOKEN, name: 'two\nlines' }, ACCESS_TOKEN_MESSAGES.nameOneLine],
    ['scopes', { ...NEW_TOKEN, scopes: [] }, ACCESS_TOKEN_MESSAGES.scopes],
    [
      'scopes',
      { ...NEW_TOKEN, scopes: ['leads:read', 'leads:read'] },
      ACCESS_TOKEN_MESSAGES.duplicateScope,
    ],
    ['scopes.0', { ...NEW_TOKEN, scopes: ['users:write'] }, ACCESS_TOKEN_MESSAGES.scope],
    ['days', { ...NEW_TOKEN, days: 14 }, ACCESS_TOKEN_MESSAGES.days],
    ['days', { ...NEW_TOKEN, days: '30' }, ACCESS_TOKEN_MESSAGES.days],
  ])('refuses a bad %s with 400 naming it, storing nothing', async (path, json, message) => {
    const result = await as('POST', '/api/account/tokens', { json });
    expect(result).toEqual(answer(400, { success: false, message, issues: [{ path, message }] }));
    expect(await storedTokens()).toEqual([]);
  });

  it(`holds at most ${LIVE_TOKENS_MAX} live tokens: then 409; an expired or revoked one frees a place`, async () => {
    for (let i = 0; i < LIVE_TOKENS_MAX; i++) {
      const made = await as('POST', '/api/account/tokens', { json: { ...NEW_TOKEN, days: 7 } });
      expect(made.status).toBe(201);
    }
    expect(await as('POST', '/api/account/tokens', { json: NEW_TOKEN })).toEqual(
      answer(409, { success: false, message: ACCESS_TOKEN_MESSAGES.tooMany }),
    );
    expect((await as('DELETE', '/api/account/tokens/1')).status).toBe(200);
    expect((await as('POST', '/api/account/tokens', { json: NEW_TOKEN })).status).toBe(201);
    expect((await as('POST', '/api/account/tokens', { json: NEW_TOKEN })).status).toBe(409);
    // A week on (signed in again), the 7-day ones have expired: places again.
    deps.clock.advance(7 * 24 * 60 * 60_000);
    const later = await signedInCookie(deps, 'alice');
    const again = await rest(app, 'POST', '/api/account/tokens', {
      json: NEW_TOKEN,
      cookie: later,
    });
    expect(again.status).toBe(201);
  });

  it('revokes only your own tokens: another administrator’s is 404 and keeps working', async () => {
    await insertUser(deps, 'bob');
    const bobCookie = await signedInCookie(deps, 'bob');
    const bobs = await rest(app, 'POST', '/api/account/tokens', {
      json: NEW_TOKEN,
      cookie: bobCookie,
    });
    const { secret } = bobs.body as { secret: string };
    expect((await as('GET', '/api/account/tokens')).body).toEqual({ success: true, tokens: [] });
    expect(await as('DELETE', '/api/account/tokens/1')).toEqual(
      answer(404, { success: false, message: ACCESS_TOKEN_MESSAGES.unknown }),
    );
    expect(await verifyAccessToken(deps.db, secret, deps.clock.now())).not.toBeNull();
    expect(await auditOf('token_revoked')).toEqual([]);
  });

  it('a removed administrator’s tokens stop working', async () => {
    const bob = await insertUser(deps, 'bob');
    const bobs = await rest(app, 'POST', '/api/account/tokens', {
      json: NEW_TOKEN,
      cookie: await signedInCookie(deps, 'bob'),
    });
    const { secret } = bobs.body as { secret: string };
    expect(await verifyAccessToken(deps.db, secret, deps.clock.now())).not.toBeNull();
    expect((await as('DELETE', `/api/users/${bob.id}`)).status).toBe(200);
    expect(await verifyAccessToken(deps.db, secret, deps.clock.now())).toBeNull();
  });
});
