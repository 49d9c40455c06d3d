import type { Context } from 'hono';
import type { AppEnv } from '#server/http/hono-env';

/**
 * The error answer of the OAuth endpoints (/oauth/register, /oauth/token): the JSON RFC 6749
 * section 5.2 and RFC 7591 section 3.2.2 define, which clients parse, rather than the API's
 * `{ success, message }` (docs/mcp.md, "OAuth"). Never cached (RFC 6749 section 5.1).
 */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'invalid_redirect_uri'
  | 'invalid_client_metadata'
  | 'temporarily_unavailable';

export function oauthError(
  c: Context<AppEnv>,
  status: 400 | 401 | 413 | 415 | 429,
  error: OAuthErrorCode,
  description: string,
  headers: Record<string, string> = {},
): Response {
  return c.json({ error, error_description: description }, status, {
    'Cache-Control': 'no-store',
    ...headers,
  });
}
