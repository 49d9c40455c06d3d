import { and, desc, eq, ne } from 'drizzle-orm';
import { TRPCError } from '@trpc/server';
import { writeTransaction, type Db } from '#db';
import { emailChanges, sessions, twoFactorChallenges, users } from '#db/schema';
import { assertFactorLeft } from '../second-factors/factor-proof';
import { assertProofInTx } from '../recent-proof/recent-proof';
import { auditInsert } from '#server/audit/record';
import {
  CODE_TTL_MS,
  codeMatches,
  generateCode,
  hashCode,
  MAX_WRONG_CODES,
} from '../second-factors/two-factor';
import type { Context } from '#server/http/trpc';
import { queueMail } from '#server/mail/outbox/queue-mail';
import { deliverNow } from '#server/mail/outbox/send-mail';
import { holdsSecondFactor, type SessionUser } from '../sessions/session';
import { release, take } from '#server/platform/throttle';
import { EMAIL_CODES } from './throttle-rules';
import { addressOf } from '../administrators/addresses';

const MAIL_UNAVAILABLE =
  'Codes cannot be e-mailed: this server has no mail service configured (SMTP_URL).';
const MAIL_FAILED = 'The code could not be e-mailed. Please try again in a few minutes.';
export const NO_PENDING_CHANGE =
  'No e-mail change is waiting for a code in this browser, or its code expired. Please ask for a new code.';

/** The e-mail change's own code budget (`EMAIL_CODES`), not the sign-in codes'. */
export function emailCodesBucket(userId: number): string {
  return `email-codes:user:${userId}`;
}

/** A code is bound to the session that asked and the address it went to. */
const codeScope = (sessionId: string, email: string) => `email-change:${sessionId}:${email}`;

/**
 * Starts a change of the user's sign-in address: a 6-digit code goes to the new address only
 * (proving it is theirs), valid 10 minutes, for this session only. A new request replaces an
 * older pending one.
 */
export async function startEmailChange(
  ctx: Context,
  user: SessionUser,
  sessionId: string,
  email: string,
): Promise<void> {
  if (!ctx.mailer.canDeliver) {
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: MAIL_UNAVAILABLE });
  }
  const now = ctx.clock.now();
  const code = await generateCode();
  const bucket = emailCodesBucket(user.id);
  const mail = {
    to: email,
    subject: 'Confirm your new sign-in address',
    text:
      `Your confirmation code is ${code}.\n\n` +
      `Enter it on the Account page within ${CODE_TTL_MS / 60_000} minutes to make this ` +
      `the address your sign-in codes go to (${user.username}). ` +
      'If you did not ask for this, ignore this e-mail.\n',
  };
  // Checked and counted in one write, so requests arriving together cannot pass the budget.
  const pending = await writeTransaction(ctx.db, async (tx) => {
    const taken = await take(tx, { bucket, rule: EMAIL_CODES }, now);
    const row = await tx
      .insert(emailChanges)
      .values({
        userId: user.id,
        sessionId,
        email,
        codeHash: hashCode(ctx.config.sessionSecret, codeScope(sessionId, email), code).toString(
          'hex',
        ),
        createdAt: now,
        expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      })
      .returning({ id: emailChanges.id })
      .get();
    // Into the outbox with the change (docs/mail.md), and sent below by this request.
    const mailId = await queueMail(tx, { kind: 'code', message: mail }, now);
    return { events: taken.ids, changeId: row.id, mailId };
  });
  if ((await deliverNow(ctx, pending.mailId)) === 'sent') {
    // Sent: this request replaces any older pending change (kept until now, so that a mail
    // failure leaves the earlier code usable).
    await writeTransaction(ctx.db, (tx) =>
      tx
        .delete(emailChanges)
        .where(and(eq(emailChanges.userId, user.id), ne(emailChanges.id, pending.changeId))),
    );
  } else {
    // A code that never left does not count against the budget, and nothing waits for it.
    await writeTransaction(ctx.db, async (tx) => {
      await tx.delete(emailChanges).where(eq(emailChanges.id, pending.changeId));
      await release(tx, pending.events);
    });
    ctx.logger.error('account.email_code_mail_failed', {
      requestId: ctx.req.requestId,
      username: user.username,
      mailId: pending.mailId,
    });
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: MAIL_FAILED });
  }
}

export type EmailCodeCheck =
  /** `first`: the account had no second factor before this address (docs/accounts.md). */
  | { ok: true; email: string; previous: string | null; first: boolean }
  | { ok: false; reason: 'none' }
  | { ok: false; reason: 'wrong'; triesLeft: number };

/**
 * Checks the code of this session's pending change: the right one sets the address (one
 * transaction with its audit entry); a wrong one counts, and the fifth deletes the change.
 */
export function confirmEmailChange(
  ctx: Context,
  user: SessionUser,
  sessionId: string,
  code: string,
): Promise<EmailCodeCheck> {
  const now = ctx.clock.now();
  return writeTransaction(ctx.db, async (tx): Promise<EmailCodeCheck> => {
    const row = await tx
      .select()
      .from(emailChanges)
      .where(and(eq(emailChanges.userId, user.id), eq(emailChanges.sessionId, sessionId)))
      // The newest: an older one lives on only while the newer one's mail is under way.
      .orderBy(desc(emailChanges.id))
      .get();
    if (!row) return { ok: false, reason: 'none' };
    const byId = eq(emailChanges.id, row.id);
    if (row.expiresAt.getTime() <= now.getTime()) {
      await tx.delete(emailChanges).where(byId);
      return { ok: false, reason: 'none' };
    }
    const scope = codeScope(sessionId, row.email);
    if (codeMatches(ctx.config.sessionSecret, scope, code, row.codeHash)) {
      const previous = await addressOf(tx, user.id);
      const first = !(await holdsSecondFactor(tx, user.id));
      await tx.update(users).set({ email: row.email }).where(eq(users.id, user.id));
      await secondFactorChanged(tx, user, sessionId);
      await auditInsert(tx, now, { action: 'email_changed', actor: user, ip: ctx.req.ip });
      return { ok: true, email: row.email, previous, first };
    }
    const failed = row.failedAttempts + 1;
    if (failed >= MAX_WRONG_CODES) await tx.delete(emailChanges).where(byId);
    else await tx.update(emailChanges).set({ failedAttempts: failed }).where(byId);
    return { ok: false, reason: 'wrong', triesLeft: Math.max(0, MAX_WRONG_CODES - failed) };
  });
}

/**
 * What a change of the second factor ends besides (docs/decisions/0002, 0005): every pending
 * e-mail change, every sign-in waiting for a code (started under the old rule, it must not
 * finish), and every other session of the user; this one stays.
 */
async function secondFactorChanged(tx: Db, user: SessionUser, sessionId: string) {
  await tx.delete(emailChanges).where(eq(emailChanges.userId, user.id));
  await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, user.id));
  await tx.delete(sessions).where(and(eq(sessions.userId, user.id), ne(sessions.id, sessionId)));
}

/**
 * Removes the sign-in address: the password alone signs in from now on. Other sessions and
 * pending sign-ins end, as with a new address.
 */
export function removeEmail(
  ctx: Context,
  user: SessionUser,
  sessionId: string,
): Promise<string | null> {
  const now = ctx.clock.now();
  return writeTransaction(ctx.db, async (tx) => {
    await assertProofInTx(tx, ctx, user.id, sessionId);
    await assertFactorLeft(tx, ctx, user.id, 'email');
    const previous = await addressOf(tx, user.id);
    await tx.update(users).set({ email: null }).where(eq(users.id, user.id));
    await secondFactorChanged(tx, user, sessionId);
    await auditInsert(tx, now, { action: 'email_changed', actor: user, ip: ctx.req.ip });
    return previous;
  });
}
