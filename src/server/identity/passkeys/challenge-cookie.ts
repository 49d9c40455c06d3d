import { sealData, unsealData } from 'iron-session';
import { parse, serialize } from 'hono/utils/cookie';
import { webauthnChallengeKey } from '#server/platform/keys';
import type { Context } from '#server/http/trpc';

/**
 * A passkey ceremony's challenge lives in a sealed cookie of the browser that asked for it
 * (docs/decisions/0035-passkeys.md): the public options call writes nothing to the database,
 * another browser has no cookie to answer with, and the verify call makes it single-use by
 * storing its hash (`usedWebauthnChallenges`) in the transaction that acts on it.
 *
 * SameSite=Strict (only the site's own pages send it), HttpOnly, and `__Host-` prefixed in
 * production like the session cookie.
 */
export function challengeCookieName(production: boolean): string {
  return production ? '__Host-admin_webauthn' : 'admin_webauthn';
}

export const CHALLENGE_TTL_MS = 5 * 60_000;

export type CeremonyPurpose = 'register' | 'sign-in' | 'proof';

export interface Ceremony {
  purpose: CeremonyPurpose;
  /** base64url, as the options carry it and the authenticator signs it. */
  challenge: string;
  /** Epoch ms by the app's clock (tests drive it); the seal's own TTL is a backstop. */
  expiresAt: number;
  /**
   * Registration and the passkey proof: the public id of the session that asked; registration
   * only: the user handle offered.
   */
  session?: string;
  userHandle?: string;
  /**
   * Registration only: when the session last proved itself (its sign-in or its password) as
   * the options call found it (identity/recent-proof/recent-proof.ts); a registration needs a
   * ceremony begun with such a proof.
   */
  proof?: number;
}

function cookieBase(ctx: Context) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'Strict' as const,
    secure: ctx.config.production,
  };
}

/** Sets the ceremony cookie, for as long as its challenge may be answered. */
export async function setCeremonyCookie(ctx: Context, ceremony: Ceremony): Promise<void> {
  const ttl = CHALLENGE_TTL_MS / 1000;
  const sealed = await sealData(ceremony, {
    password: webauthnChallengeKey(ctx.config.sessionSecret),
    ttl,
  });
  ctx.resHeaders.append(
    'Set-Cookie',
    serialize(challengeCookieName(ctx.config.production), sealed, {
      ...cookieBase(ctx),
      maxAge: ttl,
    }),
  );
}

/** Clears the cookie: a challenge is answered once, rightly or not. */
export function clearCeremonyCookie(ctx: Context): void {
  ctx.resHeaders.append(
    'Set-Cookie',
    serialize(challengeCookieName(ctx.config.production), '', { ...cookieBase(ctx), maxAge: 0 }),
  );
}

async function unsealCeremony(ctx: Context): Promise<Partial<Ceremony> | null> {
  const header = ctx.req.headers.get('cookie');
  if (!header) return null;
  const name = challengeCookieName(ctx.config.production);
  const sealed = parse(header, name)[name];
  if (!sealed) return null;
  try {
    // The seal's own expiry is checked by iron against its creation time.
    return await unsealData<Partial<Ceremony>>(sealed, {
      password: webauthnChallengeKey(ctx.config.sessionSecret),
      ttl: CHALLENGE_TTL_MS / 1000,
    });
  } catch {
    return null;
  }
}

/**
 * The request's ceremony of this purpose, still within its 5 minutes; null for none, a
 * tampered or foreign cookie, another purpose, an expired or an answered one. Crypto only: no
 * database read, so a request without one can be refused before anything is written.
 */
export async function readCeremony(
  ctx: Context,
  purpose: CeremonyPurpose,
): Promise<Ceremony | null> {
  const data = await unsealCeremony(ctx);
  if (
    !data ||
    data.purpose !== purpose ||
    typeof data.challenge !== 'string' ||
    data.challenge === '' ||
    typeof data.expiresAt !== 'number' ||
    data.expiresAt <= ctx.clock.now().getTime()
  ) {
    return null;
  }
  return {
    purpose,
    challenge: data.challenge,
    expiresAt: data.expiresAt,
    ...(typeof data.session === 'string' ? { session: data.session } : {}),
    ...(typeof data.userHandle === 'string' ? { userHandle: data.userHandle } : {}),
    ...(typeof data.proof === 'number' ? { proof: data.proof } : {}),
  };
}
