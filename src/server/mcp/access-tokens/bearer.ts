import type { Db } from '#db';
import type { Clock } from '#server/platform/clock';
import type { Config } from '#server/platform/config';
import { siteSettings, type SiteSettingsConfig } from '#server/site/site-settings';
import { verifyAccessToken, type AccessTokenPrincipal } from './store';

/**
 * `Authorization: Bearer <token>` on the MCP endpoint (docs/mcp.md): the token's principal,
 * or the 401 that tells a client where to find the OAuth metadata (RFC 6750 section 3,
 * RFC 9728 section 5.1).
 */

export const BEARER_MESSAGES = {
  missing: 'An access token is required: Authorization: Bearer <token>.',
  invalid: 'The access token is not valid: it may have expired or been revoked.',
} as const;

/** The protected resource's metadata document (RFC 9728), on the site's address in force. */
export function resourceMetadataUrl(siteUrl: string): string {
  return new URL('/.well-known/oauth-protected-resource', siteUrl).href;
}

/**
 * The `WWW-Authenticate` value of a 401: where the metadata is, and `error="invalid_token"`
 * when a token was given but is not valid (none given: no error code, RFC 6750 section 3.1).
 */
export function bearerChallenge(
  site: { siteUrl: string },
  options: { invalidToken?: boolean } = {},
): string {
  const challenge = `Bearer resource_metadata="${resourceMetadataUrl(site.siteUrl)}"`;
  return options.invalidToken ? `${challenge}, error="invalid_token"` : challenge;
}

/** The token in an `Authorization: Bearer …` header; null without one, '' when empty. */
export function bearerToken(request: Request): string | null {
  const header = request.headers.get('authorization');
  const match = header === null ? null : /^Bearer(?:\s+(.*))?$/i.exec(header.trim());
  return match ? (match[1] ?? '').trim() : null;
}

export type BearerResult =
  | { ok: true; principal: AccessTokenPrincipal }
  | { ok: false; response: Response };

export interface BearerDeps {
  db: Db;
  config: SiteSettingsConfig & Pick<Config, 'production'>;
  clock: Clock;
}

/**
 * The principal of the request's bearer token, or the 401 to answer: JSON like every other
 * 401 (`{ success: false, message }`), with the challenge. In production the token's
 * administrator must hold a second factor, as for every admin path.
 */
export async function authenticateBearer(
  request: Request,
  deps: BearerDeps,
): Promise<BearerResult> {
  const token = bearerToken(request);
  const principal = token
    ? await verifyAccessToken(deps.db, token, deps.clock.now(), {
        requireSecondFactor: deps.config.production,
      })
    : null;
  if (principal) return { ok: true, principal };
  const site = await siteSettings(deps);
  const invalidToken = token !== null;
  return {
    ok: false,
    response: new Response(
      JSON.stringify({
        success: false,
        message: invalidToken ? BEARER_MESSAGES.invalid : BEARER_MESSAGES.missing,
      }),
      {
        status: 401,
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'Cache-Control': 'no-store',
          'WWW-Authenticate': bearerChallenge({ siteUrl: site.address }, { invalidToken }),
        },
      },
    ),
  };
}
