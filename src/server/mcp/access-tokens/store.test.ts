import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import { accessTokens, users } from '#db/schema';
import { removeUser } from '#server/identity/users/manage-users';
import { tokenHash } from '#server/platform/tokens';
import { pruneExpired } from '#server/maintenance/prune';
import { createTestDeps, type TestDeps } from '#tests/support/app';
import { databaseFileBytes } from '#tests/support/database';
import { insertUser } from '#tests/support/users';
import { bearerChallenge, authenticateBearer } from './bearer';
import {
  countLiveTokens,
  issueAccessToken,
  LAST_USED_STEP_MS,
  listAccessTokens,
  revokeAccessToken,
  rotateAccessTokenSecret,
  SECRET_PREFIX,
  verifyAccessToken,
} from './store';

let deps: TestDeps;
let aliceId: number;
const DAY = 24 * 60 * 60_000;
const RETENTION = { siteTimezone: 'UTC', analyticsRetentionDays: 90 };

beforeEach(async () => {
  deps = await createTestDeps();
  aliceId = (await insertUser(deps, 'alice')).id;
});

function issue(overrides: { administratorId?: number; days?: number; clientId?: string } = {}) {
  const now = deps.clock.now();
  return writeTransaction(deps.db, (tx) =>
    issueAccessToken(tx, {
      administratorId: overrides.administratorId ?? aliceId,
      name: 'Claude Desktop',
      scopes: ['leads:write', 'leads:read'],
      expiresAt: new Date(now.getTime() + (overrides.days ?? 30) * DAY),
      clientId: overrides.clientId,
      now,
    }),
  );
}

const verify = (secret: string) => verifyAccessToken(deps.db, secret, deps.clock.now());

describe('access tokens', () => {
  it('issues a token whose secret is shown once and verifies while it lives', async () => {
    const { token, secret } = await issue();
    expect(secret).toMatch(/^ams_[A-Za-z0-9_-]{43}$/);
    expect(token).toEqual({
      id: expect.any(Number) as number,
      name: 'Claude Desktop',
      // In the list's order whatever order they were chosen in.
      scopes: ['leads:read', 'leads:write'],
      createdAt: '2026-01-15T10:00:00.000Z',
      expiresAt: '2026-02-14T10:00:00.000Z',
      lastUsedAt: null,
    });
    expect(await verify(secret)).toEqual({
      id: token.id,
      administratorId: aliceId,
      name: 'Claude Desktop',
      scopes: ['leads:read', 'leads:write'],
    });
    expect(await listAccessTokens(deps.db, aliceId)).toEqual([
      { ...token, lastUsedAt: '2026-01-15T10:00:00.000Z' },
    ]);
  });

  it('keeps only the hash: the secret is nowhere in the database', async () => {
    const { secret } = await issue();
    const raw = secret.slice(SECRET_PREFIX.length);
    const rows = await deps.db.select().from(accessTokens).all();
    expect(JSON.stringify(rows)).not.toContain(raw);
    // The whole file and its write-ahead log too, where the embedded database has them.
    const bytes = databaseFileBytes(deps.db);
    if (bytes) {
      // The search can see the stored hash, and never the secret.
      expect(bytes.includes(Buffer.from(tokenHash(secret)))).toBe(true);
      expect(bytes.includes(Buffer.from(raw))).toBe(false);
    }
  });

  it('refuses unknown, malformed, expired and revoked tokens', async () => {
    const { token, secret } = await issue({ days: 7 });
    expect(await verify(`${SECRET_PREFIX}${'A'.repeat(43)}`)).toBeNull();
    expect(await verify(secret.slice(SECRET_PREFIX.length))).toBeNull();
    expect(await verify('')).toBeNull();

    deps.clock.advance(7 * DAY - 1);
    expect(await verify(secret)).not.toBeNull();
    deps.clock.advance(1);
    expect(await verify(secret)).toBeNull();
    expect(await countLiveTokens(deps.db, aliceId, deps.clock.now())).toBe(0);

    const other = await issue();
    // An OAuth grant's token is not counted against the Account screen's cap.
    await issue({ clientId: 'client-1' });
    expect(await countLiveTokens(deps.db, aliceId, deps.clock.now())).toBe(1);
    const revoked = await writeTransaction(deps.db, (tx) =>
      revokeAccessToken(tx, aliceId, other.token.id, deps.clock.now()),
    );
    expect(revoked).toEqual({ name: 'Claude Desktop', scopes: ['leads:read', 'leads:write'] });
    expect(await verify(other.secret)).toBeNull();
    // Revoked tokens leave the list; expired ones stay (an OAuth grant outlives its secrets).
    expect((await listAccessTokens(deps.db, aliceId)).map((t) => t.id)).toEqual([
      other.token.id + 1,
      token.id,
    ]);
  });

  it('revokes only the administrator’s own tokens, once', async () => {
    const bob = await insertUser(deps, 'bob');
    const { token, secret } = await issue();
    const byBob = await writeTransaction(deps.db, (tx) => revokeAccessToken(tx, bob.id, token.id));
    expect(byBob).toBeNull();
    expect(await verify(secret)).not.toBeNull();
    await writeTransaction(deps.db, (tx) => revokeAccessToken(tx, aliceId, token.id));
    expect(await writeTransaction(deps.db, (tx) => revokeAccessToken(tx, aliceId, token.id))).toBe(
      null,
    );
    expect(await listAccessTokens(deps.db, bob.id)).toEqual([]);
  });

  it('rotates a secret: the old one stops, the new one works until its expiry; none once revoked', async () => {
    const { token, secret } = await issue({ clientId: 'client-1' });
    const expiresAt = new Date(deps.clock.now().getTime() + 60 * 60_000);
    const rotated = await writeTransaction(deps.db, (tx) =>
      rotateAccessTokenSecret(tx, token.id, expiresAt),
    );
    expect(rotated).toMatch(/^ams_/);
    expect(await verify(secret)).toBeNull();
    expect(await verify(rotated ?? '')).toMatchObject({ id: token.id });
    deps.clock.advance(60 * 60_000);
    expect(await verify(rotated ?? '')).toBeNull();

    await writeTransaction(deps.db, (tx) => revokeAccessToken(tx, aliceId, token.id));
    expect(
      await writeTransaction(deps.db, (tx) =>
        rotateAccessTokenSecret(tx, token.id, new Date(deps.clock.now().getTime() + DAY)),
      ),
    ).toBeNull();
  });

  it('records the last use at most once a minute', async () => {
    const { token, secret } = await issue();
    const lastUsed = async () =>
      (await deps.db.select().from(accessTokens).where(eq(accessTokens.id, token.id)).get())
        ?.lastUsedAt;
    const first = deps.clock.now();
    await verify(secret);
    expect(await lastUsed()).toEqual(first);
    deps.clock.advance(LAST_USED_STEP_MS - 1);
    await verify(secret);
    expect(await lastUsed()).toEqual(first);
    deps.clock.advance(1);
    await verify(secret);
    expect(await lastUsed()).toEqual(deps.clock.now());
  });

  it('is deleted by the housekeeping 30 days after it ended (an OAuth grant’s by its grant, mcp/oauth/grants.ts)', async () => {
    const expiring = await issue({ days: 7 });
    const revoked = await issue({ days: 90 });
    const live = await issue({ days: 90 });
    const granted = await issue({ days: 7, clientId: 'client-1' });
    await writeTransaction(deps.db, (tx) =>
      revokeAccessToken(tx, aliceId, revoked.token.id, deps.clock.now()),
    );
    const remaining = async () =>
      (await deps.db.select({ id: accessTokens.id }).from(accessTokens).all()).map((r) => r.id);
    const all = [expiring, revoked, live, granted].map((t) => t.token.id);

    deps.clock.advance(30 * DAY);
    await pruneExpired(deps.db, deps.clock.now(), RETENTION);
    expect(await remaining()).toEqual(all);
    deps.clock.advance(1);
    await pruneExpired(deps.db, deps.clock.now(), RETENTION);
    // The 7-day token ended 23 days ago; the revoked one 30 days and 1 ms ago.
    expect(await remaining()).toEqual([expiring.token.id, live.token.id, granted.token.id]);
    deps.clock.advance(7 * DAY);
    await pruneExpired(deps.db, deps.clock.now(), RETENTION);
    // The grant's token, never refreshed, ended with the 7-day one.
    expect(await remaining()).toEqual([live.token.id]);
  });

  it('stops working when its administrator is removed', async () => {
    const { secret } = await issue();
    await removeUser(deps.db, 'alice');
    expect(await verify(secret)).toBeNull();
    expect(await deps.db.select().from(accessTokens).all()).toEqual([]);
  });

  it('needs, where asked (production), an administrator who holds a second factor', async () => {
    const { secret } = await issue();
    const strict = () =>
      verifyAccessToken(deps.db, secret, deps.clock.now(), { requireSecondFactor: true });
    expect(await strict()).toBeNull();
    await writeTransaction(deps.db, (tx) =>
      tx.update(users).set({ email: 'alice@example.com' }).where(eq(users.id, aliceId)),
    );
    expect(await strict()).not.toBeNull();
  });
});

describe('the bearer helper', () => {
  const request = (authorization?: string) =>
    new Request('http://localhost/mcp', {
      method: 'POST',
      headers: authorization ? { authorization } : {},
    });

  it('answers the challenge with the metadata address, and invalid_token when one was given', async () => {
    expect(bearerChallenge({ siteUrl: 'https://example.com' })).toBe(
      'Bearer resource_metadata="https://example.com/.well-known/oauth-protected-resource"',
    );

    const missing = await authenticateBearer(request(), deps);
    expect(missing.ok).toBe(false);
    if (missing.ok) return;
    expect(missing.response.status).toBe(401);
    expect(missing.response.headers.get('www-authenticate')).toBe(
      'Bearer resource_metadata="http://localhost/.well-known/oauth-protected-resource"',
    );
    expect(await missing.response.json()).toEqual({
      success: false,
      message: 'An access token is required: Authorization: Bearer <token>.',
    });

    for (const header of ['Bearer ams_nope', 'Bearer', 'bearer  ']) {
      const invalid = await authenticateBearer(request(header), deps);
      if (invalid.ok) throw new Error(`${header} was accepted`);
      expect(invalid.response.headers.get('www-authenticate')).toBe(
        'Bearer resource_metadata="http://localhost/.well-known/oauth-protected-resource", error="invalid_token"',
      );
    }

    const { secret } = await issue();
    const valid = await authenticateBearer(request(`Bearer ${secret}`), deps);
    expect(valid).toMatchObject({ ok: true, principal: { administratorId: aliceId } });
  });

  it('refuses, in production, an administrator without a second factor', async () => {
    const { secret } = await issue();
    const production = { ...deps, config: { ...deps.config, production: true } };
    expect((await authenticateBearer(request(`Bearer ${secret}`), production)).ok).toBe(false);
  });
});
