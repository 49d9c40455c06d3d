/**
 * The invitation page's procedures, public: the token is the only credential
 * (docs/decisions/0031-invitations.md). Both take the token in a POST body, never a query
 * string, so it is not written into access logs.
 */
import { TRPCError } from '@trpc/server';
import { and, eq, gt } from 'drizzle-orm';
import { writeTransaction } from '#db';
import { invitations, users } from '#db/schema';
import { invitationAcceptInput, invitationCheckInput, USER_MESSAGES as M } from '#shared/users';
import { auditInsert } from '#server/audit/record';
import { completeSignIn, startSignedInSession } from '../ways-in/complete-sign-in';
import { hashPasswordInSlot } from '../passwords/hash-slot';
import { endCookieRows } from '../sessions/session-start-end';
import { readCookie } from '../sessions/session';
import { tokenHash } from '#server/platform/tokens';
import { lookedUpLink } from '#server/platform/link-misses';
import { publicProcedure, router } from '#server/http/trpc';
import { assertStrongPassword } from '../passwords/password-policy';
import { tellAdministrators } from '../administrators/admin-notice';
import { liveInvitation } from './invitations';
import { outputs } from '#shared/shapes/invitation';

const gone = () => new TRPCError({ code: 'NOT_FOUND', message: M.invitationGone });

export const invitationRouter = router({
  /** Whom a link invites, for the page to greet them; a mutation, so the token is in a body. */
  check: publicProcedure
    .input(invitationCheckInput)
    .output(outputs.check)
    .mutation(async ({ ctx, input }) => {
      // Throttled per address as the newsletter's links are (a prober's misses are counted).
      const found = await lookedUpLink(
        ctx,
        async () => (await liveInvitation(ctx.db, input.token, ctx.clock.now())) ?? undefined,
      );
      if (!found) throw gone();
      return { username: found.username };
    }),

  /**
   * Sets the password and signs the new administrator in. The token is checked before the
   * slow hash (a made-up token costs one read), and again where it counts: the row is
   * deleted in the transaction that sets the password, so of two tabs submitting at once one
   * joins and the other gets the 404.
   */
  accept: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/invite', body: 'json' } })
    .input(invitationAcceptInput)
    .output(outputs.accept)
    .mutation(async ({ ctx, input }) => {
      const invited = await liveInvitation(ctx.db, input.token, ctx.clock.now());
      if (!invited) throw gone();
      await assertStrongPassword(ctx.db, input.password, invited.username, 'password');
      const hash = await hashPasswordInSlot(ctx, input.password);
      const previous = await readCookie(ctx);
      const joined = await writeTransaction(ctx.db, async (tx) => {
        const now = ctx.clock.now();
        const used = await tx
          .delete(invitations)
          .where(
            and(eq(invitations.tokenHash, tokenHash(input.token)), gt(invitations.expiresAt, now)),
          )
          .returning({ userId: invitations.userId })
          .get();
        if (!used) return null;
        const user = await tx
          .update(users)
          .set({ password: hash })
          .where(and(eq(users.id, used.userId), eq(users.password, '')))
          .returning({ id: users.id, username: users.username, password: users.password })
          .get();
        if (!user) return null;
        // Whatever this browser held before (another administrator's session) ends here.
        await endCookieRows(tx, previous);
        const actor = { id: user.id, username: user.username };
        await auditInsert(tx, now, {
          action: 'user_joined',
          actor,
          target: user.username,
          ip: ctx.req.ip,
        });
        return startSignedInSession(tx, ctx, user, user.username);
      });
      if (!joined) throw gone();
      // A full sign-in like any other: the device cookie too (docs/decisions/0030).
      await completeSignIn(ctx, joined, 'users.joined');
      await tellAdministrators(ctx, joined.user.id, {
        kind: 'adminJoined',
        name: joined.user.username,
      });
      return { success: true as const, username: joined.user.username };
    }),
});
