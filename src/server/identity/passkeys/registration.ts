import { TRPCError } from '@trpc/server';
import { and, eq, isNull } from 'drizzle-orm';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { writeTransaction } from '#db';
import { passkeys, sessions, users } from '#db/schema';
import { company } from '#shared/company';
import { PASSKEY_MESSAGES } from '#shared/passkeys';
import type { PasskeySummary } from '#shared/shapes/passkeys';
import { requireRecentProof } from '../recent-proof/recent-proof';
import type { PasswordCounted } from '../recent-proof/prove-password';
import { publicSessionId } from '../sessions/session-list';
import { auditInsert } from '#server/audit/record';
import { currentSessionId, holdsSecondFactor, liveSession, signedOut } from '../sessions/session';
import type { Context } from '#server/http/trpc';
import { newToken } from '#server/platform/tokens';
import type { SessionUser } from '../sessions/session';
import {
  CHALLENGE_TTL_MS,
  clearCeremonyCookie,
  readCeremony,
  setCeremonyCookie,
} from './challenge-cookie';
import { refusalReason } from './refusal-reason';
import { relyingParty } from './relying-party';
import { CREDENTIAL_ID_MAX, credentialsOf, spendChallenge } from './store';
import { webauthnLibrary } from './webauthn-library';

/**
 * Registration options for the signed-in user, once the session has proved itself recently
 * (`requireRecentProof`, given the password or not): a discoverable credential (residentKey required) with user verification,
 * no attestation, none of the user's passkeys again. The challenge, the user handle offered
 * and the proof go into the browser's ceremony cookie, bound to this session.
 */
export async function registrationOptions(
  ctx: Context & PasswordCounted,
  user: SessionUser,
  password: string | undefined,
) {
  // A passkey outlives a password change: a stolen session must not add one.
  const { sessionId, proof } = await requireRecentProof(ctx, user, password);
  const row = await ctx.db
    .select({ webauthnUserId: users.webauthnUserId })
    .from(users)
    .where(eq(users.id, user.id))
    .get();
  if (!row) throw signedOut();
  // The user handle is made with the first passkey and stored when one is added.
  const userHandle = row.webauthnUserId ?? newToken();
  const challenge = newToken();
  const rp = await relyingParty(ctx);
  const { generateRegistrationOptions, isoBase64URL } = await webauthnLibrary();
  const options = await generateRegistrationOptions({
    rpName: company.name,
    rpID: rp.id,
    userName: user.username,
    userDisplayName: user.username,
    userID: isoBase64URL.toBuffer(userHandle),
    challenge: isoBase64URL.toBuffer(challenge),
    timeout: CHALLENGE_TTL_MS,
    attestationType: 'none',
    excludeCredentials: await credentialsOf(ctx.db, user.id),
    authenticatorSelection: {
      residentKey: 'required',
      requireResidentKey: true,
      userVerification: 'required',
    },
  });
  await setCeremonyCookie(ctx, {
    purpose: 'register',
    challenge,
    expiresAt: ctx.clock.now().getTime() + CHALLENGE_TTL_MS,
    session: publicSessionId(sessionId),
    userHandle,
    proof,
  });
  return options;
}

const notAdded = () => new TRPCError({ code: 'BAD_REQUEST', message: PASSKEY_MESSAGES.notAdded });

/**
 * Verifies the browser's answer to this session's registration and stores the passkey, the
 * user handle (first passkey) and the audit entry in one write, which also spends the
 * challenge. 409 when no registration of this session is waiting (expired, another browser's
 * or session's, already answered, begun without a recent proof) or the credential is already
 * registered; 400 when the answer does not verify; 401 when the session ended meanwhile.
 */
export async function registerPasskey(
  ctx: Context,
  user: SessionUser,
  input: { name: string; response: unknown },
): Promise<{ summary: PasskeySummary; email: string | null; first: boolean }> {
  const sessionId = await currentSessionId(ctx);
  const ceremony = await readCeremony(ctx, 'register');
  clearCeremonyCookie(ctx);
  if (
    !ceremony?.userHandle ||
    ceremony.proof === undefined ||
    ceremony.session !== publicSessionId(sessionId)
  ) {
    throw new TRPCError({ code: 'CONFLICT', message: PASSKEY_MESSAGES.noCeremony });
  }
  const rp = await relyingParty(ctx);
  const { verifyRegistrationResponse, isoBase64URL } = await webauthnLibrary();
  let credential;
  try {
    const verified = await verifyRegistrationResponse({
      response: input.response as RegistrationResponseJSON,
      expectedChallenge: ceremony.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
    if (!verified.verified) throw new Error('not verified');
    credential = verified.registrationInfo.credential;
    // The sign-in accepts no longer id: a passkey it could never find is not stored.
    if (credential.id.length > CREDENTIAL_ID_MAX) throw new Error('credential id too long');
  } catch (error) {
    // The library's reason is for the log, never the answer (it names what was checked).
    ctx.logger.info('passkey.register_refused', {
      requestId: ctx.req.requestId,
      username: user.username,
      reason: refusalReason(error),
    });
    throw notAdded();
  }
  const now = ctx.clock.now();
  const { userHandle } = ceremony;
  const result = await writeTransaction(ctx.db, async (tx) => {
    if (!(await spendChallenge(tx, ceremony.challenge, now))) return 'replayed' as const;
    // The asking session still lives: a registration racing "end sessions", a password
    // change or a removal must not store a passkey for a session that was ended.
    const live = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), liveSession(now)))
      .get();
    if (!live) return 'gone' as const;
    const first = !(await holdsSecondFactor(tx, user.id));
    await tx
      .update(users)
      .set({ webauthnUserId: userHandle })
      .where(and(eq(users.id, user.id), isNull(users.webauthnUserId)));
    const owner = await tx
      .select({ handle: users.webauthnUserId, email: users.email })
      .from(users)
      .where(eq(users.id, user.id))
      .get();
    if (!owner) return 'gone' as const;
    // Another registration stored another handle first: this credential carries the wrong one.
    if (owner.handle !== userHandle) return 'replayed' as const;
    const row = await tx
      .insert(passkeys)
      .values({
        userId: user.id,
        credentialId: credential.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: JSON.stringify(credential.transports ?? []),
        name: input.name,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning()
      .get();
    if (!row) return 'duplicate' as const;
    await auditInsert(tx, now, {
      action: 'passkey_added',
      actor: user,
      target: `passkey ${row.id}`,
      ip: ctx.req.ip,
    });
    return { row, email: owner.email, first };
  });
  if (result === 'gone') throw signedOut();
  if (result === 'replayed') {
    throw new TRPCError({ code: 'CONFLICT', message: PASSKEY_MESSAGES.noCeremony });
  }
  if (result === 'duplicate') {
    throw new TRPCError({ code: 'CONFLICT', message: PASSKEY_MESSAGES.alreadyAdded });
  }
  ctx.logger.info('passkey.added', {
    requestId: ctx.req.requestId,
    username: user.username,
    passkey: result.row.id,
  });
  return {
    summary: {
      id: result.row.id,
      name: result.row.name,
      createdAt: result.row.createdAt.toISOString(),
      lastUsedAt: null,
    },
    email: result.email,
    first: result.first,
  };
}
