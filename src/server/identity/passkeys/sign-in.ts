import { TRPCError } from '@trpc/server';
import { and, eq, ne } from 'drizzle-orm';
import { z } from 'zod/mini';
import { writeTransaction } from '#db';
import { passkeys, users } from '#db/schema';
import { PASSKEY_MESSAGES } from '#shared/passkeys';
import { auditInsert, type AuditEntry } from '#server/audit/record';
import { completeSignIn, startSignedInSession } from '../ways-in/complete-sign-in';
import { WrongPasswordError } from '../ways-in/login-throttle';
import { endCookieRows } from '../sessions/session-start-end';
import { readCookie } from '../sessions/session';
import type { Context } from '#server/http/trpc';
import { newToken } from '#server/platform/tokens';
import {
  CHALLENGE_TTL_MS,
  clearCeremonyCookie,
  setCeremonyCookie,
  type Ceremony,
} from './challenge-cookie';
import { recordPasskeyProof } from './passkey-proof';
import { moveCounter, verifyAssertion } from './assertion';
import { relyingParty } from './relying-party';
import { webauthnLibrary } from './webauthn-library';
import { CREDENTIAL_ID_MAX, spendChallenge } from './store';
import { logAddress } from '#server/platform/address';

/**
 * Options for a passkey sign-in: no credentials listed (discoverable credentials: the
 * authenticator offers the site's passkeys), user verification required. Writes nothing to
 * the database: the challenge goes into this browser's ceremony cookie for 5 minutes.
 */
export async function signInOptions(ctx: Context) {
  const challenge = newToken();
  const { generateAuthenticationOptions, isoBase64URL } = await webauthnLibrary();
  const options = await generateAuthenticationOptions({
    rpID: (await relyingParty(ctx)).id,
    challenge: isoBase64URL.toBuffer(challenge),
    timeout: CHALLENGE_TTL_MS,
    userVerification: 'required',
  });
  await setCeremonyCookie(ctx, {
    purpose: 'sign-in',
    challenge,
    expiresAt: ctx.clock.now().getTime() + CHALLENGE_TTL_MS,
  });
  return options;
}

/** Only what is read before the library checks the rest; a wrong shape is a refusal. */
const assertionShape = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(CREDENTIAL_ID_MAX)),
  rawId: z.string(),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: z.string(),
    authenticatorData: z.string(),
    signature: z.string(),
    userHandle: z.optional(z.string()),
  }),
});

/**
 * The one answer to every refused passkey: nothing in it tells which check failed. A
 * `WrongPasswordError`, so the address's throttle keeps the attempt counted.
 */
function refused(): WrongPasswordError {
  return new WrongPasswordError(PASSKEY_MESSAGES.signInFailed);
}

function log(ctx: Context, event: string, fields: Record<string, unknown>): void {
  ctx.logger.info(event, { requestId: ctx.req.requestId, ip: logAddress(ctx.req.ip), ...fields });
}

/**
 * The answer to a sign-in without this browser's unexpired ceremony. Nothing was judged, so
 * it is a plain 401 (not counted), given before the throttle writes anything.
 */
export function noCeremony(ctx: Context): TRPCError {
  log(ctx, 'auth.passkey_failed', { reason: 'no challenge' });
  return new TRPCError({ code: 'UNAUTHORIZED', message: PASSKEY_MESSAGES.signInFailed });
}

/**
 * Spends a refused answer's challenge (a challenge is answered once, rightly or not), with
 * the audit entry when the passkey was someone's, in one write.
 */
function spendRefused(ctx: Context, ceremony: Ceremony, entry?: AuditEntry) {
  const now = ctx.clock.now();
  return writeTransaction(ctx.db, async (tx) => {
    await spendChallenge(tx, ceremony.challenge, now);
    if (entry) await auditInsert(tx, now, entry);
  });
}

/**
 * A whole sign-in with a passkey (user verification stands for the password and the code):
 * the challenge must be this browser's (`ceremony`, read before the throttle), unexpired and
 * unanswered; the credential known, the user handle the user's, its user still able to sign
 * in, the signature right and the counter moving forward. One write spends the challenge,
 * moves the counter (only from the value read: two answers at once cannot both pass), ends
 * whatever the browser held before and starts the session. Any refusal spends the challenge
 * too.
 */
export async function signInWithPasskey(
  ctx: Context,
  ceremony: Ceremony,
  raw: unknown,
): Promise<void> {
  clearCeremonyCookie(ctx);
  const response = raw && typeof raw === 'object' && 'response' in raw ? raw.response : undefined;
  const input = assertionShape.safeParse(response);
  if (!input.success || input.data.id !== input.data.rawId) {
    log(ctx, 'auth.passkey_failed', { reason: 'malformed' });
    await spendRefused(ctx, ceremony);
    throw refused();
  }
  const assertion = input.data;
  const found = await ctx.db
    .select({
      passkey: {
        id: passkeys.id,
        credentialId: passkeys.credentialId,
        publicKey: passkeys.publicKey,
        counter: passkeys.counter,
        transports: passkeys.transports,
      },
      user: { id: users.id, username: users.username, password: users.password },
      handle: users.webauthnUserId,
    })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(eq(passkeys.credentialId, assertion.id))
    .get();
  if (!found) {
    log(ctx, 'auth.passkey_failed', { reason: 'unknown credential' });
    await spendRefused(ctx, ceremony);
    throw refused();
  }
  const { user } = found;
  const actor = { id: user.id, username: user.username };
  const fail = async (reason: string, warn = false) => {
    // A counter that went back means a copied authenticator (or a broken one): the owner
    // should look, so it is logged as an error, the level that is watched.
    const fields = { username: user.username, passkey: found.passkey.id, reason };
    if (warn)
      ctx.logger.error('auth.passkey_counter_regressed', {
        requestId: ctx.req.requestId,
        ip: logAddress(ctx.req.ip),
        ...fields,
      });
    else log(ctx, 'auth.passkey_failed', fields);
    await spendRefused(ctx, ceremony, {
      action: 'sign_in_failed',
      actor,
      target: `passkey ${found.passkey.id}`,
      ip: ctx.req.ip,
    });
    return refused();
  };
  // An invited user who has not chosen a password yet cannot sign in by any means.
  if (user.password === '') throw await fail('no password set');
  // A discoverable credential always returns its user handle: none, or another than the
  // one stored with the user's passkeys, is not this user's passkey answering.
  const handle = assertion.response.userHandle;
  if (!handle || found.handle === null || handle !== found.handle) {
    throw await fail(handle ? 'wrong user handle' : 'no user handle');
  }
  const checked = await verifyAssertion(ctx, ceremony.challenge, response, found.passkey);
  if (!checked.ok) throw await fail(checked.reason, checked.counterRegressed);
  const previous = await readCookie(ctx);
  const now = ctx.clock.now();
  const signedIn = await writeTransaction(ctx.db, async (tx) => {
    if (!(await spendChallenge(tx, ceremony.challenge, now))) return 'replayed' as const;
    // Its user unchanged, the passkey still there (not removed meanwhile) and still at the
    // counter read; a lost race changes nothing but the spent challenge.
    const owner = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, user.id), eq(users.password, user.password), ne(users.password, '')))
      .get();
    if (!owner) return 'changed' as const;
    if (!(await moveCounter(tx, found.passkey, checked.newCounter, now))) return 'changed' as const;
    await endCookieRows(tx, previous);
    const started = await startSignedInSession(tx, ctx, user, `passkey ${found.passkey.id}`);
    // A passkey sign-in is a passkey confirmed in this session (passkey-proof.ts).
    await recordPasskeyProof(tx, started.sessionId, now);
    return started;
  });
  if (signedIn === 'replayed') throw await fail('challenge already answered');
  if (signedIn === 'changed') {
    // A lost race (the passkey removed or used, the user changed meanwhile), like the
    // password login's: no passkey was judged wrong, so it is neither counted nor audited.
    // The transaction that found it spent the challenge.
    log(ctx, 'auth.passkey_failed', {
      username: user.username,
      passkey: found.passkey.id,
      reason: 'passkey or user changed during sign-in',
    });
    throw new TRPCError({ code: 'UNAUTHORIZED', message: PASSKEY_MESSAGES.signInFailed });
  }
  await completeSignIn(ctx, signedIn, 'auth.login_ok', { passkey: found.passkey.id });
}
