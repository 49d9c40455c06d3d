import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { TRPCError } from '@trpc/server';
import { writeTransaction, type Db } from '#db';
import { auditEvents, twoFactorChallenges } from '#db/schema';
import { auditInsert } from '#server/audit/record';
import { siteName } from '#server/site/site-brand';
import { queueMail } from '#server/mail/outbox/queue-mail';
import { deliverNow } from '#server/mail/outbox/send-mail';
import type { Context } from '#server/http/trpc';
import { codeHashKey } from '#server/platform/keys';
import { newToken } from '#server/platform/tokens';
import { assertRoom, clear, release, take } from '#server/platform/throttle';
import { APP_CHALLENGES, CODES_SENT, WRONG_CODES_DAILY } from '../ways-in/throttle-rules';
import { acceptTotpCode, otplib, type TotpCodeOptions } from './totp';
import { spendRecoveryCode } from './recovery-codes';
import { wrongCodesBucket } from '../ways-in/login-throttle';
import { challengeRowId } from '../sessions/session';

export const CODE_TTL_MS = 10 * 60_000;
export const MAX_WRONG_CODES = 5;

export const MAIL_UNAVAILABLE_MESSAGE =
  'Sign-in codes cannot be e-mailed: this server has no mail service configured (SMTP_URL). ' +
  'Ask the site administrator to configure one.';
const MAIL_FAILED_MESSAGE =
  'The sign-in code could not be e-mailed. Please try again in a few minutes.';

/**
 * Six digits from a fresh 160-bit secret drawn from the CSPRNG: HOTP at counter 0 turns that
 * secret into digits, so the code is exactly as unpredictable as the random secret.
 */
export async function generateCode(): Promise<string> {
  const { generate, generateSecret } = await otplib();
  return generate({ secret: generateSecret(), strategy: 'hotp', counter: 0, digits: 6 });
}

/**
 * Only a keyed hash is stored: a copy of the table alone does not yield a usable code, and
 * mixing in the row's scope (the challenge id, an e-mail change's session and address) means
 * one row's hash says nothing about another's.
 */
export function hashCode(secret: string, scope: string, code: string): Buffer {
  return createHmac('sha256', codeHashKey(secret)).update(`${scope}:${code}`).digest();
}

/** Whether a code matches a stored hash (in constant time). */
export function codeMatches(secret: string, scope: string, code: string, stored: string): boolean {
  const expected = Buffer.from(stored, 'hex');
  const given = hashCode(secret, scope, code);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function codesSentBucket(userId: number): string {
  return `codes-sent:user:${userId}`;
}

/**
 * Forgets the user's sign-in challenges of the last 15 minutes and their day of wrong codes
 * (inside a write transaction): when their authenticator app is removed for a lost phone
 * (`identity/second-factors/remove-factors.ts`), the tries they made with no phone to hand must not
 * refuse their next sign-in (docs/second-factor.md).
 */
export function clearCodeCaps(tx: Db, userId: number) {
  return clear(tx, [codesSentBucket(userId), wrongCodesBucket(userId)]);
}

export interface ChallengeUser {
  id: number;
  username: string;
  email: string;
}

/**
 * Creates the user's one live challenge (an older pending one stops working) and e-mails its
 * code. Returns the challenge id that the caller seals into the cookie (the row keeps its
 * hash, challengeRowId), or null when `mayStart`, run inside the transaction that creates the
 * challenge (and told its id, which a password reset binds its new password to), says no.
 */
export async function sendChallenge(
  ctx: Context,
  user: ChallengeUser,
  mayStart: (tx: Db, challengeId: string) => Promise<boolean>,
): Promise<string | null> {
  if (!ctx.mailer.canDeliver) {
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: MAIL_UNAVAILABLE_MESSAGE });
  }
  const now = ctx.clock.now();
  const id = newToken();
  const code = await generateCode();
  const site = await siteName(ctx.db);
  const mail = {
    to: user.email,
    subject: `Your sign-in code for ${site}`,
    text:
      `Your sign-in code is ${code}.\n\n` +
      `It is valid for ${CODE_TTL_MS / 60_000} minutes and works once. ` +
      'If you did not just try to sign in, someone knows your password: change it.\n\n' +
      `-- \n${site}\n`,
  };
  // Check and count in one write transaction, so two simultaneous logins cannot both slip
  // past the limit of codes per user.
  const codeEvent = await writeTransaction(ctx.db, async (tx) => {
    if (!(await mayStart(tx, id))) return null;
    const taken = await take(tx, { bucket: codesSentBucket(user.id), rule: CODES_SENT }, now);
    // The day of wrong codes spent: no new code is mailed, as no app challenge starts.
    await assertRoom(tx, { bucket: wrongCodesBucket(user.id), rule: WRONG_CODES_DAILY }, now);
    await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, user.id));
    await tx.insert(twoFactorChallenges).values({
      id: challengeRowId(id),
      userId: user.id,
      codeHash: hashCode(ctx.config.sessionSecret, id, code).toString('hex'),
      createdAt: now,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    });
    const entry = await auditInsert(tx, now, {
      action: 'code_sent',
      actor: { id: user.id, username: user.username },
      ip: ctx.req.ip,
    })
      .returning({ id: auditEvents.id })
      .get();
    // Into the outbox with the challenge (docs/mail.md): first in its order, sent below.
    const mailId = await queueMail(tx, { kind: 'code', message: mail }, now);
    return { events: taken.ids, entry: entry.id, mailId };
  });
  if (codeEvent === null) return null;
  // The person waits for it: sent by this request through the outbox's claim, and failed
  // rather than retried later (a late code is a dead one).
  const delivered = await deliverNow(ctx, codeEvent.mailId);
  if (delivered === 'failed') {
    // A code that never left does not count against the codes a user may be sent: an SMTP
    // outage must not lock the administrator out once it is over.
    await writeTransaction(ctx.db, async (tx) => {
      await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.id, challengeRowId(id)));
      await release(tx, codeEvent.events);
      await tx.delete(auditEvents).where(eq(auditEvents.id, codeEvent.entry));
    });
    ctx.logger.error('auth.code_mail_failed', {
      requestId: ctx.req.requestId,
      username: user.username,
      mailId: codeEvent.mailId,
    });
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: MAIL_FAILED_MESSAGE });
  }
  return id;
}

/**
 * Creates the user's one live challenge for the authenticator app's code: no code is made
 * and nothing is mailed, but it counts against the same 5 challenges per user in 15 minutes
 * as an e-mailed code (5 wrong codes each), and none starts while the user's day of wrong
 * codes is spent (docs/decisions/0034). Null when `mayStart` says no.
 */
export async function startTotpChallenge(
  ctx: Context,
  user: { id: number },
  mayStart: (tx: Db, challengeId: string) => Promise<boolean>,
): Promise<string | null> {
  const now = ctx.clock.now();
  const id = newToken();
  return writeTransaction(ctx.db, async (tx) => {
    if (!(await mayStart(tx, id))) return null;
    await take(tx, { bucket: codesSentBucket(user.id), rule: APP_CHALLENGES }, now);
    await assertRoom(tx, { bucket: wrongCodesBucket(user.id), rule: WRONG_CODES_DAILY }, now);
    await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, user.id));
    await tx.insert(twoFactorChallenges).values({
      id: challengeRowId(id),
      userId: user.id,
      method: 'totp',
      // The app's code is checked against its secret: there is no hash to keep.
      codeHash: '',
      createdAt: now,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    });
    return id;
  });
}

export type CodeCheck =
  | { ok: true; userId: number }
  | { ok: false; reason: 'expired' }
  | { ok: false; reason: 'wrong'; triesLeft: number; method: 'email' | 'totp' };

type ChallengeRow = typeof twoFactorChallenges.$inferSelect;

/**
 * Checks a code against its challenge: success deletes the row (single use); a wrong code
 * counts against this challenge, and the fifth one deletes it, so a new login is needed.
 * Runs inside the caller's write transaction, which also starts the session on success.
 * An e-mailed code is compared with its hash; for a `totp` challenge it is the app's code
 * (identity/second-factors/totp.ts).
 */
export function checkCode(
  ctx: Context,
  tx: Db,
  challengeId: string,
  code: string,
): Promise<CodeCheck> {
  return judgeChallenge(ctx, tx, challengeId, (row) =>
    row.method === 'totp'
      ? acceptTotpCode(tx, totpOptions(ctx), row.userId, code, ctx.clock.now())
      : Promise.resolve(codeMatches(ctx.config.sessionSecret, challengeId, code, row.codeHash)),
  );
}

/** What reading the app's secret needs, and where an unreadable one is reported. */
export function totpOptions(ctx: Context): TotpCodeOptions {
  return {
    sessionSecret: ctx.config.sessionSecret,
    unreadable: (userId) =>
      ctx.logger.error('totp.secret_unreadable', { requestId: ctx.req.requestId, userId }),
  };
}

/**
 * A recovery code instead of the app's code: only for a sign-in that asks for the app
 * (recovery codes come with it), and then an unused one of the user's is used up. Anything
 * else counts as a wrong code on the challenge.
 */
export function checkRecoveryCode(
  ctx: Context,
  tx: Db,
  challengeId: string,
  code: string,
): Promise<CodeCheck> {
  return judgeChallenge(ctx, tx, challengeId, async (row) =>
    row.method === 'totp'
      ? spendRecoveryCode(tx, ctx.config.sessionSecret, row.userId, code, ctx.clock.now())
      : false,
  );
}

async function judgeChallenge(
  ctx: Context,
  tx: Db,
  challengeId: string,
  matches: (row: ChallengeRow) => Promise<boolean>,
): Promise<CodeCheck> {
  const now = ctx.clock.now();
  const byId = eq(twoFactorChallenges.id, challengeRowId(challengeId));
  const row = await tx.select().from(twoFactorChallenges).where(byId).get();
  if (!row || row.expiresAt.getTime() <= now.getTime()) {
    await tx.delete(twoFactorChallenges).where(byId);
    return { ok: false, reason: 'expired' };
  }
  // The user's day of wrong codes spent (by this challenge or the ones before, e-mailed or
  // the app's): no code is judged, right or wrong, until it frees up. The place is taken
  // before judging, in this one transaction, and given back when the code was right.
  const daily = { bucket: wrongCodesBucket(row.userId), rule: WRONG_CODES_DAILY };
  const taken = await take(tx, daily, now);
  if (await matches(row)) {
    await release(tx, taken.ids);
    await tx.delete(twoFactorChallenges).where(byId);
    return { ok: true, userId: row.userId };
  }
  const failed = row.failedAttempts + 1;
  if (failed >= MAX_WRONG_CODES) {
    await tx.delete(twoFactorChallenges).where(byId);
  } else {
    await tx.update(twoFactorChallenges).set({ failedAttempts: failed }).where(byId);
  }
  return {
    ok: false,
    reason: 'wrong',
    triesLeft: Math.max(0, MAX_WRONG_CODES - failed),
    method: row.method,
  };
}
