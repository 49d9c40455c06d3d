/**
 * POST /oauth/register: dynamic client registration (RFC 7591; docs/mcp.md, "OAuth"). Open to
 * anyone, as claude.ai and the desktop clients register themselves; what it grants is only
 * the right to ask an administrator on the consent screen. Public clients only (no secret:
 * PKCE proves the code's holder), redirect addresses checked here once and then matched
 * exactly, at most 10 registrations an hour per address, 20 per network (one stranger's
 * addresses) and 100 in all, a body of at most 16 KiB.
 */
import type { Context } from 'hono';
import { writeTransaction } from '#db';
import { oauthClients } from '#db/schema';
import { ACCESS_TOKEN_NAME_MAX } from '#shared/access-tokens';
import { LONE_SURROGATE, NOT_ONE_LINE } from '#shared/validation';
import type { AppEnv } from '#server/http/hono-env';
import { bufferBody } from '#server/http/middleware';
import type { AppDeps } from '#server/http/trpc';
import { clientIp } from '#server/http/context';
import { take } from '#server/platform/throttle';
import { addressBucket, networkBucket } from '#server/platform/throttle-buckets';
import { ThrottledError } from '#server/platform/errors';
import { newClientId } from './clients';
import { oauthError } from './oauth-error';
import { redirectUriProblem } from './redirect-uri';
import {
  OAUTH_REGISTRATIONS,
  OAUTH_REGISTRATIONS_ALL,
  OAUTH_REGISTRATIONS_NETWORK,
} from './throttle-rules';

export const REGISTER_MAX_BYTES = 16_384;
const MAX_REDIRECT_URIS = 10;
const MAX_URI_LENGTH = 2_000;
// The name becomes the access token's name (the Account screen lists it).
const MAX_NAME_LENGTH = ACCESS_TOKEN_NAME_MAX;

/**
 * What a client's name refuses: control and line-break characters (as every one-line field,
 * shared/validation.ts) and every format character (`\p{Cf}`: the bidirectional marks,
 * embeddings, overrides and isolates among them). The consent screen puts the name in a
 * sentence; a U+202E in it turned that sentence, the host included, around.
 */
const NOT_PLAIN_NAME = new RegExp(`${NOT_ONE_LINE.source}|\\p{Cf}`, 'u');

type Metadata =
  | { ok: true; name: string; redirectUris: string[] }
  | { ok: false; error: 'invalid_redirect_uri' | 'invalid_client_metadata'; description: string };

const refused = (error: 'invalid_redirect_uri' | 'invalid_client_metadata', description: string) =>
  ({ ok: false, error, description }) as const;

/** A JSON object (not an array, not null): what a registration's body must be. */
function isJsonObject(body: unknown): body is Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body);
}

/** The metadata a client sent, checked; fields this server has no use for are ignored. */
export function checkMetadata(body: unknown): Metadata {
  if (!isJsonObject(body)) {
    return refused('invalid_client_metadata', 'The body must be a JSON object.');
  }
  const fields = body;
  const uris = fields.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0 || uris.length > MAX_REDIRECT_URIS) {
    return refused(
      'invalid_redirect_uri',
      `redirect_uris must be a list of 1 to ${MAX_REDIRECT_URIS} addresses.`,
    );
  }
  const redirectUris: string[] = [];
  for (const uri of uris) {
    if (typeof uri !== 'string' || uri.length > MAX_URI_LENGTH) {
      return refused('invalid_redirect_uri', 'redirect_uris: each must be a short string.');
    }
    const problem = redirectUriProblem(uri);
    if (problem) return refused('invalid_redirect_uri', `redirect_uris: ${uri} ${problem}.`);
    redirectUris.push(uri);
  }
  const [firstUri = ''] = redirectUris;
  const method = fields.token_endpoint_auth_method;
  if (method !== undefined && method !== 'none') {
    return refused(
      'invalid_client_metadata',
      'token_endpoint_auth_method must be "none": only public clients (with PKCE) are accepted.',
    );
  }
  const grants = fields.grant_types;
  if (
    grants !== undefined &&
    (!Array.isArray(grants) ||
      !grants.every((grant) => grant === 'authorization_code' || grant === 'refresh_token'))
  ) {
    return refused(
      'invalid_client_metadata',
      'grant_types may name only authorization_code and refresh_token.',
    );
  }
  const types = fields.response_types;
  if (types !== undefined && (!Array.isArray(types) || !types.every((type) => type === 'code'))) {
    return refused('invalid_client_metadata', 'response_types may name only code.');
  }
  const name = fields.client_name;
  if (name !== undefined && (typeof name !== 'string' || name.trim() === '')) {
    return refused('invalid_client_metadata', 'client_name must be a non-empty string.');
  }
  if (name !== undefined && (NOT_PLAIN_NAME.test(name) || LONE_SURROGATE.test(name))) {
    return refused(
      'invalid_client_metadata',
      'client_name must be one line of plain text, without control or bidirectional characters.',
    );
  }
  // RFC 7591 makes the name optional; without one the consent screen names the client by
  // its redirect address's host, which it shows anyway.
  const shown = (name ?? new URL(firstUri).host).trim().slice(0, MAX_NAME_LENGTH);
  return { ok: true, name: shown, redirectUris };
}

export async function register(c: Context<AppEnv>, deps: AppDeps): Promise<Response> {
  const declared = c.req.header('content-length');
  const body =
    declared !== undefined && Number(declared) > REGISTER_MAX_BYTES
      ? null
      : await bufferBody(c, REGISTER_MAX_BYTES);
  if (!body) {
    return oauthError(
      c,
      413,
      'invalid_request',
      `The body must be at most ${REGISTER_MAX_BYTES} bytes.`,
    );
  }
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') {
    return oauthError(
      c,
      415,
      'invalid_request',
      'The body must be JSON (Content-Type: application/json).',
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(body));
  } catch {
    return oauthError(c, 400, 'invalid_client_metadata', 'The body is not valid JSON.');
  }
  const metadata = checkMetadata(parsed);
  if (!metadata.ok) return oauthError(c, 400, metadata.error, metadata.description);

  const now = deps.clock.now();
  const ip = clientIp(c, deps.config.trustProxy);
  const secret = deps.config.sessionSecret;
  const id = newClientId();
  try {
    await writeTransaction(deps.db, async (tx) => {
      await take(
        tx,
        [
          {
            bucket: addressBucket(OAUTH_REGISTRATIONS.kind, secret, ip),
            rule: OAUTH_REGISTRATIONS,
          },
          {
            bucket: networkBucket(OAUTH_REGISTRATIONS_NETWORK.kind, secret, ip),
            rule: OAUTH_REGISTRATIONS_NETWORK,
          },
          { bucket: `${OAUTH_REGISTRATIONS_ALL.kind}:site`, rule: OAUTH_REGISTRATIONS_ALL },
        ],
        now,
      );
      await tx.insert(oauthClients).values({
        id,
        name: metadata.name,
        redirectUris: JSON.stringify(metadata.redirectUris),
        createdAt: now,
      });
    });
  } catch (error) {
    if (!(error instanceof ThrottledError)) throw error;
    return oauthError(c, 429, 'temporarily_unavailable', error.message, {
      'Retry-After': String(error.retryAfterSeconds),
    });
  }
  return c.json(
    {
      client_id: id,
      client_id_issued_at: Math.floor(now.getTime() / 1000),
      client_name: metadata.name,
      redirect_uris: metadata.redirectUris,
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    },
    201,
    { 'Cache-Control': 'no-store' },
  );
}
