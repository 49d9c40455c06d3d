/**
 * POST /oauth/token (RFC 6749 section 3.2, OAuth 2.1; docs/mcp.md, "OAuth"): a form body of at
 * most 8 KiB, public clients (client_id, no secret), two grants (grants.ts). Errors are RFC
 * 6749's JSON: 400 `invalid_request` naming the missing parameter, `invalid_grant`,
 * `unsupported_grant_type`; 401 `invalid_client` for an unknown client.
 */
import type { Context } from 'hono';
import type { AppEnv } from '#server/http/hono-env';
import { bufferBody } from '#server/http/middleware';
import type { AppDeps } from '#server/http/trpc';
import { findClient } from './clients';
import { exchangeCode, refresh, type Granted } from './grants';
import { oauthError } from './oauth-error';

export const TOKEN_MAX_BYTES = 8_192;

export async function token(c: Context<AppEnv>, deps: AppDeps): Promise<Response> {
  const declared = c.req.header('content-length');
  const body =
    declared !== undefined && Number(declared) > TOKEN_MAX_BYTES
      ? null
      : await bufferBody(c, TOKEN_MAX_BYTES);
  if (!body) {
    return oauthError(
      c,
      413,
      'invalid_request',
      `The body must be at most ${TOKEN_MAX_BYTES} bytes.`,
    );
  }
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    return oauthError(
      c,
      415,
      'invalid_request',
      'The body must be a form (Content-Type: application/x-www-form-urlencoded).',
    );
  }
  const form = new URLSearchParams(new TextDecoder().decode(body));
  const missing = (names: string[]) => names.find((name) => !form.get(name));
  const grantType = form.get('grant_type');
  const needed =
    grantType === 'authorization_code'
      ? ['code', 'code_verifier', 'client_id', 'redirect_uri']
      : grantType === 'refresh_token'
        ? ['refresh_token', 'client_id']
        : null;
  if (!grantType) return oauthError(c, 400, 'invalid_request', 'grant_type is missing.');
  if (!needed) {
    return oauthError(
      c,
      400,
      'unsupported_grant_type',
      'grant_type must be authorization_code or refresh_token.',
    );
  }
  const absent = missing(needed);
  if (absent) return oauthError(c, 400, 'invalid_request', `${absent} is missing.`);
  const param = (name: string) => form.get(name) ?? '';

  const clientId = param('client_id');
  if (!(await findClient(deps.db, clientId))) {
    return oauthError(c, 401, 'invalid_client', 'The client is unknown: register it again.');
  }
  const now = deps.clock.now();
  const granted: Granted =
    grantType === 'authorization_code'
      ? await exchangeCode(
          deps.db,
          {
            code: param('code'),
            verifier: param('code_verifier'),
            clientId,
            redirectUri: param('redirect_uri'),
          },
          now,
        )
      : await refresh(deps.db, { refreshToken: param('refresh_token'), clientId }, now);
  if (!granted.ok) {
    return oauthError(
      c,
      granted.error === 'invalid_client' ? 401 : 400,
      granted.error,
      granted.description,
    );
  }
  return c.json(granted.tokens, 200, { 'Cache-Control': 'no-store', Pragma: 'no-cache' });
}
