import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { and, eq } from 'drizzle-orm';
import type { Db } from '#db';
import { passkeys } from '#db/schema';
import type { Context } from '#server/http/trpc';
import { refusalReason } from './refusal-reason';
import { relyingParty } from './relying-party';
import { parseTransports } from './store';
import { webauthnLibrary } from './webauthn-library';

/** The stored passkey an answer claims to come from, as read before it is checked. */
export interface StoredPasskey {
  id: number;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string;
}

export type AssertionCheck =
  | { ok: true; newCounter: number }
  | {
      ok: false;
      /** For the log only: never the challenge (`refusalReason`). */
      reason: string;
      /** The signature was right but the counter went back: a copied (or broken) authenticator. */
      counterRegressed: boolean;
    };

/**
 * The one check of a passkey's answer (an assertion), for the passkey sign-in and the passkey
 * proof alike: the signature over this ceremony's challenge, from this site's origin and
 * relying party, with user verification, and the counter moving forward. The counter is
 * compared only once the signature is known to be genuine: only then does a counter that
 * went back say something about the authenticator. Writes nothing: the caller spends the
 * challenge and moves the counter (`moveCounter`) in the write that acts on the answer.
 */
export async function verifyAssertion(
  ctx: Context,
  challenge: string,
  response: unknown,
  stored: StoredPasskey,
): Promise<AssertionCheck> {
  const rp = await relyingParty(ctx);
  const { verifyAuthenticationResponse, isoBase64URL } = await webauthnLibrary();
  let newCounter: number;
  try {
    const verified = await verifyAuthenticationResponse({
      // Its id already matched a stored passkey; the library checks the rest of its shape.
      response: response as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: stored.credentialId,
        publicKey: isoBase64URL.toBuffer(stored.publicKey),
        // Compared below, after the signature.
        counter: 0,
        transports: parseTransports(stored.transports),
      },
      requireUserVerification: true,
    });
    if (!verified.verified) throw new Error('not verified');
    newCounter = verified.authenticationInfo.newCounter;
  } catch (error) {
    return { ok: false, reason: refusalReason(error), counterRegressed: false };
  }
  if ((stored.counter !== 0 || newCounter !== 0) && newCounter <= stored.counter) {
    return {
      ok: false,
      reason: `counter ${newCounter} after ${stored.counter}`,
      counterRegressed: true,
    };
  }
  return { ok: true, newCounter };
}

/**
 * Moves a passkey's counter to what its verified answer carried (inside the write that acts
 * on it), only from the value read before the check: of two answers at once only one moves
 * it. False when the passkey was removed or used meanwhile.
 */
export async function moveCounter(
  tx: Db,
  stored: StoredPasskey,
  newCounter: number,
  now: Date,
): Promise<boolean> {
  const moved = await tx
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: now })
    .where(and(eq(passkeys.id, stored.id), eq(passkeys.counter, stored.counter)))
    .returning({ id: passkeys.id })
    .get();
  return moved !== undefined;
}
