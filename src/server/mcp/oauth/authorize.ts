/**
 * GET /oauth/authorize (RFC 6749 section 4.1.1 with OAuth 2.1's rules; docs/mcp.md, "OAuth").
 * Every error is a page of ours (400), never a redirect: the clients register themselves, so
 * until a person has seen the consent screen their addresses prove nothing, and sending an
 * error there would make this an open redirector (RFC 9700 section 4.11). A valid request is kept
 * server-side for 10 minutes and the browser goes to the admin's consent screen, through the
 * sign-in when it has no session.
 */
import type { Context } from 'hono';
import { writeTransaction } from '#db';
import { oauthAuthorizations } from '#db/schema';
import { escapeHtml } from '#shared/escape-html';
import type { AppEnv } from '#server/http/hono-env';
import type { AppDeps } from '#server/http/trpc';
import { clientIp } from '#server/http/context';
import { ThrottledError } from '#server/platform/errors';
import { take } from '#server/platform/throttle';
import { addressBucket } from '#server/platform/throttle-buckets';
import { newToken } from '#server/platform/tokens';
import { REQUEST_TTL_MS } from './authorizations';
import { findClient } from './clients';
import { CHALLENGE_PATTERN } from './pkce';
import { parseScope, scopeText } from './requested-scopes';
import { oauthUrls } from './site-urls';
import { OAUTH_AUTHORIZE_REQUESTS } from './throttle-rules';

/** Kept in the row until the redirect: a client's state is a nonce, never a document. */
const MAX_STATE_LENGTH = 1_000;

/** The page shown when the client cannot be told (no redirect to an address not proven). */
function refusalPage(
  c: Context<AppEnv>,
  message: string,
  status: 400 | 429 = 400,
  headers: Record<string, string> = {},
): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>This connection cannot be made</title></head><body><main><h1>This connection cannot be made</h1><p>${escapeHtml(message)}</p><p>Start the connection again from your MCP client.</p></main></body></html>`;
  return c.html(html, status, { 'Cache-Control': 'no-store', ...headers });
}

export async function authorize(c: Context<AppEnv>, deps: AppDeps): Promise<Response> {
  const query = (name: string) => c.req.query(name);
  const clientId = query('client_id');
  const client = clientId ? await findClient(deps.db, clientId) : null;
  if (!client) return refusalPage(c, 'The client is unknown (client_id): register it first.');
  const redirectUri = query('redirect_uri');
  if (!redirectUri || !client.redirectUris.includes(redirectUri)) {
    return refusalPage(c, 'The redirect_uri is not one this client registered.');
  }

  // Every client here registered itself (RFC 7591, open to anyone), so its redirect address
  // proves nothing until a person has seen it on the consent screen: an error before then is
  // shown here, never sent there (RFC 9700 section 4.11, no open redirector).
  const refuse = (error: string, description: string) =>
    refusalPage(c, `${description} (${error})`);
  const state = query('state');
  if (state !== undefined && state.length > MAX_STATE_LENGTH) {
    return refuse('invalid_request', `state must be at most ${MAX_STATE_LENGTH} characters.`);
  }
  if (query('response_type') !== 'code') {
    return refuse('unsupported_response_type', 'response_type must be code.');
  }
  const challenge = query('code_challenge');
  if (query('code_challenge_method') !== 'S256' || !challenge) {
    return refuse('invalid_request', 'PKCE is required, with code_challenge_method=S256.');
  }
  if (!CHALLENGE_PATTERN.test(challenge)) {
    return refuse('invalid_request', 'code_challenge must be 43 base64url characters (S256).');
  }
  const scopes = parseScope(query('scope'));
  if (!scopes) return refuse('invalid_scope', 'scope names a scope this server does not have.');
  const urls = await oauthUrls(deps);
  const resource = query('resource');
  if (resource !== undefined && resource.replace(/\/+$/, '') !== urls.resource) {
    return refuse('invalid_target', `resource must be ${urls.resource}.`);
  }

  const now = deps.clock.now();
  const id = newToken();
  const bucket = addressBucket(
    OAUTH_AUTHORIZE_REQUESTS.kind,
    deps.config.sessionSecret,
    clientIp(c, deps.config.trustProxy),
  );
  try {
    await writeTransaction(deps.db, async (tx) => {
      await take(tx, { bucket, rule: OAUTH_AUTHORIZE_REQUESTS }, now);
      await tx.insert(oauthAuthorizations).values({
        id,
        clientId: client.id,
        redirectUri,
        codeChallenge: challenge,
        scope: scopeText(scopes),
        state: state ?? null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + REQUEST_TTL_MS),
      });
    });
  } catch (error) {
    if (!(error instanceof ThrottledError)) throw error;
    return refusalPage(c, error.message, 429, { 'Retry-After': String(error.retryAfterSeconds) });
  }
  return c.redirect(urls.consent(id), 302);
}
