import { TRPCError } from '@trpc/server';
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import { writeTransaction, type Db } from '#db';
import { passkeys, totpCredentials, users, type UserRow } from '#db/schema';
import {
  inviteInput,
  removeUserInput,
  resetSecondFactorInput,
  USER_MESSAGES as M,
} from '#shared/users';
import {
  assertProofInTx,
  recentProofProcedure,
  requireRecentProof,
} from '../recent-proof/recent-proof';
import { sendAccountNotice } from '../administrators/notice-mail';
import { auditAdminChange } from '#server/audit/admin-change';
import { administratorSubject } from '#server/audit/subjects';
import { passwordCheckedProcedure } from '../recent-proof/prove-password';
import { endAllSessionsOf } from '../sessions/session-start-end';
import { signedOut } from '../sessions/session';
import { UnavailableError } from '#server/platform/errors';
import { router, type Context } from '#server/http/trpc';
import { adminProcedure } from '../sessions/admin-procedure';
import { type SessionUser } from '../sessions/session';
import { dropInvitationsOf, replaceInvitation } from '../invitation/invitations';
import { tellAdministrators } from '../administrators/admin-notice';
import { sendInvitation } from '../invitation/invitation-mail';
import { usernameTaken } from './manage-users';
import { resetSecondFactorOf } from './second-factor-reset';
import { endSessionsProcedure } from './end-sessions';
import { outputs, type AdminUser } from '#shared/shapes/users';

const MAIL_RETRY_AFTER_SECONDS = 60;

const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });
const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: M.notFound });

/** The second factors a user holds besides the e-mailed code. */
interface Factors {
  /** The authenticator app is on (it replaces the e-mailed code). */
  totpOn: boolean;
  passkeys: number;
}
const NO_FACTORS: Factors = { totpOn: false, passkeys: 0 };

export function serializeUser(row: UserRow, me: SessionUser, factors = NO_FACTORS): AdminUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    secondFactor: factors.totpOn ? 'totp' : row.email ? 'email' : 'none',
    passkeys: factors.passkeys,
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    // An empty hash is "no password chosen yet" (the login refuses it like an unknown name).
    invited: row.password === '',
    current: row.id === me.id,
  };
}

/** Inviting needs mail: without a way to deliver it, nothing is stored. */
function assertMailCanLeave(ctx: Context): void {
  if (!ctx.mailer.canDeliver)
    throw new UnavailableError(M.mailUnavailable, MAIL_RETRY_AFTER_SECONDS);
}

/** Administrators who can sign in (a password chosen), other than `exceptId`. */
async function othersWhoCanSignIn(tx: Db, exceptId: number): Promise<number> {
  const row = await tx
    .select({ n: count() })
    .from(users)
    .where(and(ne(users.id, exceptId), ne(users.password, '')))
    .get();
  return row?.n ?? 0;
}

export const usersRouter = router({
  /** One query: each user with their app's state and their passkeys counted. */
  list: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/users', answer: { key: 'users' } } })
    .output(outputs.list)
    .query(async ({ ctx }): Promise<AdminUser[]> => {
      const keyCounts = ctx.db
        .select({ userId: passkeys.userId, n: count().as('n') })
        .from(passkeys)
        .groupBy(passkeys.userId)
        .as('key_counts');
      const rows = await ctx.db
        .select({ user: users, totpSince: totpCredentials.enabledAt, keys: keyCounts.n })
        .from(users)
        .leftJoin(totpCredentials, eq(totpCredentials.userId, users.id))
        .leftJoin(keyCounts, eq(keyCounts.userId, users.id))
        .orderBy(asc(sql`lower(${users.username})`), asc(users.id))
        .all();
      return rows.map((row) =>
        serializeUser(row.user, ctx.user, {
          totpOn: row.totpSince !== null,
          passkeys: row.keys ?? 0,
        }),
      );
    }),

  /**
   * Needs a recent proof (docs/accounts.md: a stolen session must not make an administrator).
   * The user row exists from the invitation on (the name is taken, the e-mailed code is on)
   * with no password until the link is used; the link is mailed after the answer.
   */
  invite: recentProofProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/users',
        status: 201,
        body: 'json',
        answer: { key: 'user' },
      },
    })
    .input(inviteInput)
    .output(outputs.invite)
    .mutation(async ({ ctx, input }) => {
      const { sessionId } = await requireRecentProof(ctx, ctx.user, input.password);
      assertMailCanLeave(ctx);
      const now = ctx.clock.now();
      const created = await writeTransaction(ctx.db, async (tx) => {
        await assertProofInTx(tx, ctx, ctx.user.id, sessionId);
        if (await usernameTaken(tx, input.username)) return null;
        const row = await tx
          .insert(users)
          .values({ username: input.username, password: '', email: input.email, createdAt: now })
          .returning()
          .get();
        const invitation = await replaceInvitation(tx, now, row.id, ctx.user.username);
        await auditAdminChange(tx, ctx, 'user_invited', row.username, administratorSubject(row));
        return { row, invitation };
      });
      if (!created) throw conflict(M.taken(input.username));
      sendInvitation(ctx, {
        to: input.email,
        username: created.row.username,
        invitedBy: ctx.user.username,
        ...created.invitation,
      });
      await tellAdministrators(ctx, created.row.id, {
        kind: 'adminInvited',
        name: created.row.username,
        by: ctx.user.username,
      });
      return serializeUser(created.row, ctx.user);
    }),

  /** A new link for someone who has not joined yet; the old link stops working. */
  resendInvitation: recentProofProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/users/:id/invitation',
        body: { fields: ['password'], optional: true },
        answer: { key: 'user' },
      },
    })
    .input(removeUserInput)
    .output(outputs.resendInvitation)
    .mutation(async ({ ctx, input }) => {
      const { sessionId } = await requireRecentProof(ctx, ctx.user, input.password);
      assertMailCanLeave(ctx);
      const now = ctx.clock.now();
      const result = await writeTransaction(ctx.db, async (tx) => {
        await assertProofInTx(tx, ctx, ctx.user.id, sessionId);
        const row = await tx.select().from(users).where(eq(users.id, input.id)).get();
        if (!row) throw notFound();
        if (row.password !== '') throw conflict(M.alreadyJoined);
        if (!row.email) throw conflict(M.noAddress);
        const invitation = await replaceInvitation(tx, now, row.id, ctx.user.username);
        await auditAdminChange(tx, ctx, 'user_invited', row.username, administratorSubject(row));
        return { row, email: row.email, invitation };
      });
      sendInvitation(ctx, {
        to: result.email,
        username: result.row.username,
        invitedBy: ctx.user.username,
        ...result.invitation,
      });
      // A new link is a new way in: every administrator is told, as of the first.
      await tellAdministrators(ctx, result.row.id, {
        kind: 'adminInvited',
        name: result.row.username,
        by: ctx.user.username,
      });
      return serializeUser(result.row, ctx.user);
    }),

  /**
   * Needs a recent proof (docs/accounts.md). Never yourself, never the last administrator who
   * can sign in. The check and the delete
   * share one write transaction: two administrators removing each other at once run one
   * after the other, and the second finds itself the last one left.
   */
  remove: recentProofProcedure
    .meta({
      rest: {
        method: 'DELETE',
        path: '/api/users/:id',
        body: { fields: ['password'], optional: true },
        answer: 'success',
      },
    })
    .input(removeUserInput)
    .output(outputs.remove)
    .mutation(async ({ ctx, input }): Promise<{ success: true }> => {
      if (input.id === ctx.user.id) throw conflict(M.removeSelf);
      const { sessionId } = await requireRecentProof(ctx, ctx.user, input.password);
      const removed = await writeTransaction(ctx.db, async (tx) => {
        // Removed meanwhile by someone else (two administrators removing each other at once):
        // this request no longer speaks for anyone, which comes before anything about the
        // target.
        const me = await tx.select({ id: users.id }).from(users).where(eq(users.id, ctx.user.id));
        if (me.length === 0) throw signedOut();
        await assertProofInTx(tx, ctx, ctx.user.id, sessionId);
        const row = await tx.select().from(users).where(eq(users.id, input.id)).get();
        if (!row) throw notFound();
        // A safeguard: the requester can sign in, so this only holds if their password was
        // emptied meanwhile, but the rule must not depend on who asks.
        if ((await othersWhoCanSignIn(tx, row.id)) === 0) throw conflict(M.removeLast);
        // Their sessions and invitation would go with the row (ON DELETE CASCADE); said here,
        // not assumed.
        await endAllSessionsOf(tx, row.id);
        await dropInvitationsOf(tx, row.id);
        await tx.delete(users).where(eq(users.id, row.id));
        await auditAdminChange(tx, ctx, 'user_removed', row.username, administratorSubject(row));
        return row;
      });
      await tellAdministrators(ctx, removed.id, {
        kind: 'adminRemoved',
        name: removed.username,
        by: ctx.user.username,
      });
      return { success: true };
    }),

  /** Another administrator signed out everywhere, after a recent proof (`end-sessions.ts`). */
  endSessions: endSessionsProcedure,

  /**
   * Another administrator who lost their phone or passkey device is let back in
   * (docs/decisions/0036): never yourself (the Account screen is yours), your own password
   * first (counted like the Account screen's password checks), then the target; everything
   * goes in one write (`second-factor-reset.ts`), and a notice goes to their address after
   * the answer.
   */
  resetSecondFactor: passwordCheckedProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/users/:id/second-factor/reset',
        body: { fields: ['password'] },
      },
    })
    .input(resetSecondFactorInput)
    .output(outputs.resetSecondFactor)
    .mutation(async ({ ctx, input }): Promise<{ success: true; user: AdminUser }> => {
      if (input.id === ctx.user.id) throw conflict(M.resetSelf);
      await requireRecentProof(ctx, ctx.user, input.password);
      const outcome = await resetSecondFactorOf(ctx, input.id);
      if (!outcome.ok) {
        if (outcome.reason === 'notFound') throw notFound();
        throw conflict(M.nothingToReset(outcome.row.username));
      }
      const { row, removed } = outcome;
      sendAccountNotice(ctx, row.email, row.username, {
        kind: 'secondFactorReset',
        by: ctx.user.username,
      });
      ctx.logger.info('users.second_factor_reset', {
        requestId: ctx.req.requestId,
        username: ctx.user.username,
        target: row.username,
        appWasOn: removed.appWasOn,
        passkeys: removed.passkeys,
      });
      return { success: true, user: serializeUser(row, ctx.user) };
    }),
});
