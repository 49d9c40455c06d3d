/**
 * POST /oauth/token through app.request() (docs/mcp.md, "OAuth"): a code once only (a replay
 * revokes what it issued), PKCE's verifier, the client and redirect bound to the code, the
 * code's expiry, refresh rotation with reuse detection, and a grant revoked on the Account
 * screen refreshing no more.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accessTokens } from '#db/schema';
import type { App } from '#server/app/app';
import { createTestApp, signedInCookie, type TestDeps } from '#tests/support/app';
import { rest } from '#tests/support/rest';
import { allowedCode, REDIRECT_URI, registerClient } from '#tests/support/oauth';
import { revokeAccessToken, verifyAccessToken } from '../access-tokens/store';
import { writeTransaction } from '#db';
import { oauthAuthorizations, oauthClients, oauthRefreshTokens } from '#db/schema';
import { pruneExpired } from '#server/maintenance/prune';
import { GRANT_MESSAGES } from './grants';

const DAY_MS = 24 * 60 * 60_000;

let app: App;
let deps: TestDeps;
let cookie: string;
beforeEach(async () => {
  ({ app, deps } = await createTestApp());
  cookie = await signedInCookie(deps);
});

async function post(form: Record<string, string>, type = 'application/x-www-form-urlencoded') {
  const response = await app.request('/oauth/token', {
    method: 'POST',
    headers: { 'content-type': type },
    body: new URLSearchParams(form).toString(),
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    response,
  };
}

const exchange = (flow: { clientId: string; verifier: string; code: string }, changes = {}) =>
  post({
    grant_type: 'authorization_code',
    code: flow.code,
    code_verifier: flow.verifier,
    client_id: flow.clientId,
    redirect_uri: REDIRECT_URI,
    ...changes,
  });

const refreshWith = (clientId: string, refreshToken: string) =>
  post({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId });

const stillValid = async (secret: unknown) =>
  (await verifyAccessToken(deps.db, String(secret), deps.clock.now())) !== null;

describe('authorization_code', () => {
  it('answers an access token of the granted scopes (1 hour) and a refresh token, no-store', async () => {
    const flow = await allowedCode(app, cookie, {
      scope: 'leads:read leads:write',
      scopes: ['leads:read', 'leads:write'],
    });
    const { status, body, response } = await exchange(flow);
    expect(status).toBe(200);
    expect(body).toEqual({
      access_token: expect.stringMatching(/^ams_/) as unknown,
      token_type: 'Bearer',
      expires_in: 3600,
      refresh_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) as unknown,
      scope: 'leads:read leads:write',
    });
    expect(response.headers.get('cache-control')).toBe('no-store');
    const principal = await verifyAccessToken(deps.db, String(body.access_token), deps.clock.now());
    expect(principal).toEqual(
      expect.objectContaining({ name: 'Test agent', scopes: ['leads:read', 'leads:write'] }),
    );
    deps.clock.advance(60 * 60_000);
    expect(await stillValid(body.access_token)).toBe(false);
  });

  it('refuses a second use of the code and revokes what the first issued', async () => {
    const flow = await allowedCode(app, cookie);
    const first = await exchange(flow);
    expect(await stillValid(first.body.access_token)).toBe(true);
    const second = await exchange(flow);
    expect(second).toEqual(
      expect.objectContaining({
        status: 400,
        body: {
          error: 'invalid_grant',
          error_description: expect.stringContaining('used') as unknown,
        },
      }),
    );
    expect(await stillValid(first.body.access_token)).toBe(false);
    expect((await refreshWith(flow.clientId, String(first.body.refresh_token))).status).toBe(400);
  });

  it('refuses a wrong verifier, another redirect address or client, and an expired code', async () => {
    const flow = await allowedCode(app, cookie);
    const other = await registerClient(app);
    for (const changes of [
      { code_verifier: 'x'.repeat(43) },
      { redirect_uri: 'http://127.0.0.1:33418/other' },
      { client_id: other },
      { code: 'y'.repeat(43) },
    ]) {
      const refused = await exchange(flow, changes);
      expect(refused.status, JSON.stringify(changes)).toBe(400);
      expect(refused.body.error).toBe('invalid_grant');
    }
    // Refusals do not use the code up; its 5 minutes do.
    deps.clock.advance(5 * 60_000);
    expect((await exchange(flow)).body.error).toBe('invalid_grant');
    expect(await deps.db.select().from(accessTokens).all()).toEqual([]);
  });

  it('answers RFC 6749 errors for a bad request', async () => {
    const flow = await allowedCode(app, cookie);
    expect((await exchange(flow, { code_verifier: '' })).body).toEqual({
      error: 'invalid_request',
      error_description: 'code_verifier is missing.',
    });
    expect((await post({ grant_type: 'password' })).body.error).toBe('unsupported_grant_type');
    expect((await post({})).body.error).toBe('invalid_request');
    const unknown = await exchange(flow, { client_id: 'nobody' });
    expect([unknown.status, unknown.body.error]).toEqual([401, 'invalid_client']);
    expect((await post({ grant_type: 'refresh_token' }, 'application/json')).status).toBe(415);
    expect((await post({ pad: 'x'.repeat(9_000) })).status).toBe(413);
  });
});

describe('refresh_token', () => {
  it('rotates: a new refresh token, the old one dead, the access secret replaced', async () => {
    const flow = await allowedCode(app, cookie);
    const first = await exchange(flow);
    deps.clock.advance(50 * 60_000);
    const second = await refreshWith(flow.clientId, String(first.body.refresh_token));
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.body.refresh_token);
    expect(await stillValid(first.body.access_token)).toBe(false);
    expect(await stillValid(second.body.access_token)).toBe(true);
    // A fresh hour from the refresh.
    deps.clock.advance(50 * 60_000);
    expect(await stillValid(second.body.access_token)).toBe(true);
    expect(second.body.scope).toBe('leads:read');
  });

  it('an old refresh token presented again revokes the grant', async () => {
    const flow = await allowedCode(app, cookie);
    const first = await exchange(flow);
    const second = await refreshWith(flow.clientId, String(first.body.refresh_token));
    const replay = await refreshWith(flow.clientId, String(first.body.refresh_token));
    expect([replay.status, replay.body.error]).toEqual([400, 'invalid_grant']);
    expect(await stillValid(second.body.access_token)).toBe(false);
    expect((await refreshWith(flow.clientId, String(second.body.refresh_token))).status).toBe(400);
  });

  it('refuses another client’s refresh token without touching the grant', async () => {
    const flow = await allowedCode(app, cookie);
    const first = await exchange(flow);
    const other = await registerClient(app);
    expect((await refreshWith(other, String(first.body.refresh_token))).body.error).toBe(
      'invalid_grant',
    );
    expect((await refreshWith(flow.clientId, String(first.body.refresh_token))).status).toBe(200);
  });

  it('a grant revoked on the Account screen refreshes no more', async () => {
    const flow = await allowedCode(app, cookie);
    const first = await exchange(flow);
    const row = await deps.db
      .select()
      .from(accessTokens)
      .where(eq(accessTokens.clientId, flow.clientId))
      .get();
    await writeTransaction(deps.db, (tx) =>
      revokeAccessToken(tx, row!.userId, row!.id, deps.clock.now()),
    );
    // The agent is told its owner ended it (not that a token was replayed), however often it asks.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const refused = await refreshWith(flow.clientId, String(first.body.refresh_token));
      expect(refused).toMatchObject({
        status: 400,
        body: { error: 'invalid_grant', error_description: GRANT_MESSAGES.revoked },
      });
    }
  });

  it('a grant lasts 90 days from the consent, however often it is refreshed', async () => {
    const flow = await allowedCode(app, cookie);
    const end = new Date(deps.clock.now().getTime() + 90 * DAY_MS).toISOString();
    let refreshToken = String((await exchange(flow)).body.refresh_token);
    // The Account screen lists the grant's own end, not its access token's hour.
    const listed = await rest(app, 'GET', '/api/account/tokens', { cookie });
    expect(listed.body).toMatchObject({ tokens: [{ name: 'Test agent', expiresAt: end }] });
    for (let day = 29; day < 90; day += 29) {
      deps.clock.advance(29 * DAY_MS);
      const renewed = await refreshWith(flow.clientId, refreshToken);
      expect(renewed.status, `day ${day}`).toBe(200);
      refreshToken = String(renewed.body.refresh_token);
    }
    // Day 87 now: the refresh token's 30 days are cut to the grant's 90.
    deps.clock.advance(3 * DAY_MS);
    const refused = await refreshWith(flow.clientId, refreshToken);
    expect(refused).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant', error_description: GRANT_MESSAGES.over },
    });
  });
});

it('housekeeping drops codes, refresh tokens and grants past their life', async () => {
  const flow = await allowedCode(app, cookie);
  await exchange(flow);
  deps.clock.advance(5 * 60_000 + 1);
  await pruneExpired(deps.db, deps.clock.now(), deps.config);
  expect(await deps.db.select().from(oauthAuthorizations).all()).toEqual([]);
  expect(await deps.db.select().from(oauthRefreshTokens).all()).toHaveLength(1);
  deps.clock.advance(30 * 24 * 60 * 60_000);
  await pruneExpired(deps.db, deps.clock.now(), deps.config);
  expect(await deps.db.select().from(oauthRefreshTokens).all()).toEqual([]);
  expect(await deps.db.select().from(accessTokens).all()).toHaveLength(1);
  // Its client, 30 days old, stays while it holds the grant.
  expect(await deps.db.select().from(oauthClients).all()).toHaveLength(1);
  // 30 days past the access token's own end, the grant is gone, and the client holding nothing.
  deps.clock.advance(60 * 60_000);
  await pruneExpired(deps.db, deps.clock.now(), deps.config);
  expect(await deps.db.select().from(accessTokens).all()).toEqual([]);
  expect(await deps.db.select().from(oauthClients).all()).toEqual([]);
});
