import { TRPCError } from '@trpc/server';
import { and, eq, isNotNull } from 'drizzle-orm';
import { writeTransaction, type Db } from '#db';
import { passkeys, sessions, totpCredentials } from '#db/schema';
import { PASSKEY_MESSAGES } from '#shared/passkeys';
import { RECENT_PROOF_MS } from '../recent-proof/recent-proof';
import { publicSessionId } from '../sessions/session-list';
import { signedOut } from '../sessions/session';
import type { Context } from '#server/http/trpc';
import { newToken } from '#server/platform/tokens';
import type { SessionUser } from '../sessions/session';
import {
  CHALLENGE_TTL_MS,
  clearCeremonyCookie,
  readCeremony,
  setCeremonyCookie,
} from './challenge-cookie';
import { moveCounter, verifyAssertion } from './assertion';
import { relyingParty } from './relying-party';
import { webauthnLibrary } from './webauthn-library';
import { credentialsOf, spendChallenge } from './store';

/** The answer of a factor change that needs a passkey confirmed in this session. */
export function passkeyProofNeeded(): TRPCError {
  return new TRPCError({ code: 'UNAUTHORIZED', message: PASSKEY_MESSAGES.proofNeeded });
}

/**
 * Where the account has a passkey and not the authenticator app, turning a factor off
 * (removing a passkey, removing or changing the sign-in address) also needs a passkey
 * confirmed in this session within the last 10 minutes: its passkey sign-in, or the passkey
 * proof (`provePasskey`). A stolen session and password are then not enough
 * (docs/passkeys.md). With the app on, the app's code is the factor's proof
 * (identity/second-factors/factor-proof.ts).
 */
export async function requirePasskeyProof(
  ctx: Context,
  user: SessionUser,
  sessionId: string,
): Promise<void> {
  const app = await ctx.db
    .select({ userId: totpCredentials.userId })
    .from(totpCredentials)
    .where(and(eq(totpCredentials.userId, user.id), isNotNull(totpCredentials.enabledAt)))
    .get();
  if (app) return;
  const key = await ctx.db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id))
    .get();
  if (!key) return;
  const row = await ctx.db
    .select({ factorProvenAt: sessions.factorProvenAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .get();
  if (!row) throw signedOut();
  const proven = row.factorProvenAt?.getTime();
  if (proven === undefined || ctx.clock.now().getTime() - proven >= RECENT_PROOF_MS) {
    throw passkeyProofNeeded();
  }
}

/** Records a passkey confirmed by this session (its sign-in or the proof), inside `tx`. */
export async function recordPasskeyProof(tx: Db, sessionId: string, now: Date): Promise<void> {
  await tx
    .update(sessions)
    .set({ factorProvenAt: now, provenAt: now })
    .where(eq(sessions.id, sessionId));
}

/**
 * Options for confirming one of the signed-in user's own passkeys: only their credentials
 * listed, user verification required; the challenge goes into this browser's ceremony cookie
 * for 5 minutes, bound to this session.
 */
export async function passkeyProofOptions(ctx: Context, user: SessionUser, sessionId: string) {
  const challenge = newToken();
  const { generateAuthenticationOptions, isoBase64URL } = await webauthnLibrary();
  const options = await generateAuthenticationOptions({
    rpID: (await relyingParty(ctx)).id,
    challenge: isoBase64URL.toBuffer(challenge),
    timeout: CHALLENGE_TTL_MS,
    userVerification: 'required',
    allowCredentials: await credentialsOf(ctx.db, user.id),
  });
  await setCeremonyCookie(ctx, {
    purpose: 'proof',
    challenge,
    expiresAt: ctx.clock.now().getTime() + CHALLENGE_TTL_MS,
    session: publicSessionId(sessionId),
  });
  return options;
}

function refused(): TRPCError {
  return new TRPCError({ code: 'UNAUTHORIZED', message: PASSKEY_MESSAGES.proofFailed });
}

/**
 * Confirms one of the user's own passkeys in this session: the challenge must be this
 * browser's and this session's (the ceremony cookie), unexpired and unanswered; the passkey
 * the user's, the signature right (user verification required) and the counter moving
 * forward. One write spends the challenge, moves the counter (only from the value read) and
 * records the proof. Any refusal is the same 401 and spends the challenge.
 */
export async function provePasskey(
  ctx: Context,
  user: SessionUser,
  sessionId: string,
  raw: unknown,
): Promise<void> {
  const ceremony = await readCeremony(ctx, 'proof');
  clearCeremonyCookie(ctx);
  if (!ceremony || ceremony.session !== publicSessionId(sessionId)) throw refused();
  const spend = () =>
    writeTransaction(ctx.db, (tx) => spendChallenge(tx, ceremony.challenge, ctx.clock.now()));
  const response = raw && typeof raw === 'object' && 'response' in raw ? raw.response : undefined;
  const id =
    response && typeof response === 'object' && 'id' in response && typeof response.id === 'string'
      ? response.id
      : undefined;
  const found =
    id === undefined
      ? undefined
      : await ctx.db
          .select({
            id: passkeys.id,
            credentialId: passkeys.credentialId,
            publicKey: passkeys.publicKey,
            counter: passkeys.counter,
            transports: passkeys.transports,
          })
          .from(passkeys)
          .where(and(eq(passkeys.credentialId, id), eq(passkeys.userId, user.id)))
          .get();
  if (!found) {
    await spend();
    throw refused();
  }
  const checked = await verifyAssertion(ctx, ceremony.challenge, response, found);
  if (!checked.ok) {
    await spend();
    throw refused();
  }
  const now = ctx.clock.now();
  const proven = await writeTransaction(ctx.db, async (tx) => {
    if (!(await spendChallenge(tx, ceremony.challenge, now))) return false;
    if (!(await moveCounter(tx, found, checked.newCounter, now))) return false;
    await recordPasskeyProof(tx, sessionId, now);
    return true;
  });
  if (!proven) throw refused();
  ctx.logger.info('passkey.proven', {
    requestId: ctx.req.requestId,
    username: user.username,
    passkey: found.id,
  });
}
