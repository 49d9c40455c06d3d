/**
 * The end of every full sign-in, one copy for every way in: the password alone, the password
 * and a code (or a recovery code), a passkey, and accepting an invitation. Each way checks
 * what it must in its own write transaction, calls `startSignedInSession` there, and once
 * that transaction has committed hands its result to `completeSignIn`.
 */
import type { Db } from '#db';
import { auditInsert } from '#server/audit/record';
import type { Context } from '#server/http/trpc';
import { setDeviceCookie, type DeviceOwner } from './device-cookie';
import { insertSession, setSessionCookie } from '../sessions/session-start-end';
import { logAddress } from '#server/platform/address';

/** What a sign-in's transaction answers: the new session and its user as stored then. */
export interface SignedIn {
  /** The new session's row id (what the server's own writes name it by). */
  sessionId: string;
  /** The secret id its cookie names; only its hash is stored. */
  cookieId: string;
  /** The device cookie is signed over this password hash (docs/decisions/0030). */
  user: DeviceOwner;
}

/**
 * Inside the sign-in's write transaction (after its own checks and entries): the session row
 * and the `sign_in` audit entry, which commit with everything the sign-in checked.
 */
export async function startSignedInSession(
  tx: Db,
  ctx: Context,
  user: DeviceOwner,
  target?: string,
): Promise<SignedIn> {
  const session = await insertSession(tx, ctx, user.id);
  await auditInsert(tx, ctx.clock.now(), {
    action: 'sign_in',
    actor: { id: user.id, username: user.username },
    target,
    ip: ctx.req.ip,
  });
  return { sessionId: session.rowId, cookieId: session.cookieId, user };
}

/**
 * After the commit: the session cookie, the device cookie (a browser that signed in is
 * counted per device from now on, docs/decisions/0030) and the sign-in's log line
 * (`event`, with the username, the address and `fields`).
 */
export async function completeSignIn(
  ctx: Context,
  signedIn: SignedIn,
  event: string,
  fields: Record<string, unknown> = {},
): Promise<void> {
  await setSessionCookie(ctx, signedIn.cookieId);
  setDeviceCookie(ctx, signedIn.user);
  ctx.logger.info(event, {
    requestId: ctx.req.requestId,
    ip: logAddress(ctx.req.ip),
    username: signedIn.user.username,
    ...fields,
  });
}
