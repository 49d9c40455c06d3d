/**
 * The OAuth flow through app.request() (server/mcp/oauth/, docs/mcp.md): a client registered,
 * its authorization request, an administrator's Allow, and the code caught from the redirect.
 */
import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { writeTransaction, type Db } from '#db';
import type { App } from '#server/app/app';
import { issueAccessToken, verifyAccessToken } from '#server/mcp/access-tokens/store';
import { rest } from './rest';

export const REDIRECT_URI = 'http://127.0.0.1:33418/callback';

/** A PKCE pair: a verifier and its S256 challenge. */
export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

export async function registerClient(app: App, name = 'Test agent'): Promise<string> {
  const registered = await rest(app, 'POST', '/oauth/register', {
    json: { client_name: name, redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'none' },
  });
  expect(registered.status).toBe(201);
  return (registered.body as { client_id: string }).client_id;
}

/** /oauth/authorize's query for this client, with any parameter changed or left out (null). */
export function authorizeQuery(
  clientId: string,
  challenge: string,
  changes: Record<string, string | null> = {},
): string {
  const params: Record<string, string | null> = {
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'xyz',
    ...changes,
  };
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== null) query.set(name, value);
  return `/oauth/authorize?${query}`;
}

/** The pending request's id from /oauth/authorize's redirect to the consent screen. */
export async function requestId(app: App, path: string): Promise<string> {
  const response = await app.request(path);
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location') ?? '');
  expect(location.pathname).toBe('/admin/connect');
  return location.searchParams.get('request') ?? '';
}

/** Registers, asks and allows as the signed-in `cookie`: the code and the verifier. */
export async function allowedCode(
  app: App,
  cookie: string,
  options: { scope?: string; scopes?: string[] } = {},
) {
  const clientId = await registerClient(app);
  const { verifier, challenge } = pkcePair();
  const id = await requestId(
    app,
    authorizeQuery(clientId, challenge, options.scope ? { scope: options.scope } : {}),
  );
  const allowed = await rest(app, 'POST', `/api/oauth/requests/${id}/allow`, {
    cookie,
    json: { scopes: options.scopes ?? ['leads:read'] },
  });
  expect(allowed.status).toBe(200);
  const redirect = new URL((allowed.body as { redirectTo: string }).redirectTo);
  return { clientId, verifier, code: redirect.searchParams.get('code') ?? '', redirect };
}

/** An access token of the administrator's, made on the Account screen at `now`: its secret. */
export async function issuedTokenSecret(db: Db, administratorId: number, now: Date) {
  const issued = await writeTransaction(db, (tx) =>
    issueAccessToken(tx, {
      administratorId,
      name: 'Claude Desktop',
      scopes: ['leads:read'],
      expiresAt: new Date(now.getTime() + 7 * 24 * 60 * 60_000),
      now,
    }),
  );
  return issued.secret;
}

/** Whether the secret still opens /mcp at `now`. */
export const tokenWorks = async (db: Db, secret: string, now: Date) =>
  (await verifyAccessToken(db, secret, now)) !== null;
