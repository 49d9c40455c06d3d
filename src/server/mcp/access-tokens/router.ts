import { TRPCError } from '@trpc/server';
import { writeTransaction } from '#db';
import {
  ACCESS_TOKEN_MESSAGES,
  createAccessTokenInput,
  LIVE_TOKENS_MAX,
  revokeAccessTokenInput,
  type Scope,
} from '#shared/access-tokens';
import { router } from '#server/http/trpc';
import { auditInsert } from '#server/audit/record';
import { adminProcedure } from '#server/identity/sessions/admin-procedure';
import {
  assertProofInTx,
  recentProofProcedure,
  requireRecentProof,
} from '#server/identity/recent-proof/recent-proof';
import { sendAccountNotice } from '#server/identity/administrators/notice-mail';
import { countLiveTokens, issueAccessToken, listAccessTokens, revokeAccessToken } from './store';
import { outputs } from '#shared/shapes/access-tokens';
import { addressOf } from '#server/identity/administrators/addresses';
import { daysAfter } from '#shared/calendar-days';

/** The audit entry's target: the token's name and scopes, never its secret. */
const auditTarget = (token: { name: string; scopes: readonly Scope[] }) =>
  `${token.name} (${token.scopes.join(', ')})`;

/** The signed-in administrator's own access tokens (docs/mcp.md, "Access tokens"). */
export const accessTokensRouter = router({
  list: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/account/tokens' } })
    .output(outputs.list)
    .query(async ({ ctx }) => ({
      success: true as const,
      tokens: await listAccessTokens(ctx.db, ctx.user.id),
    })),

  /**
   * Needs a recent proof (docs/accounts.md): a stolen session must not turn into a token that
   * outlives it. The proof is checked again in the write; at most LIVE_TOKENS_MAX live tokens.
   */
  create: recentProofProcedure
    .meta({ rest: { method: 'POST', path: '/api/account/tokens', status: 201, body: 'json' } })
    .input(createAccessTokenInput)
    .output(outputs.create)
    .mutation(async ({ ctx, input }) => {
      const { sessionId } = await requireRecentProof(ctx, ctx.user, input.password);
      const issued = await writeTransaction(ctx.db, async (tx) => {
        await assertProofInTx(tx, ctx, ctx.user.id, sessionId);
        const now = ctx.clock.now();
        if ((await countLiveTokens(tx, ctx.user.id, now)) >= LIVE_TOKENS_MAX) {
          throw new TRPCError({ code: 'CONFLICT', message: ACCESS_TOKEN_MESSAGES.tooMany });
        }
        const made = await issueAccessToken(tx, {
          administratorId: ctx.user.id,
          name: input.name,
          scopes: input.scopes,
          expiresAt: daysAfter(now, input.days),
          now,
        });
        await auditInsert(tx, now, {
          action: 'token_created',
          actor: ctx.user,
          target: auditTarget(made.token),
          ip: ctx.req.ip,
        });
        return { ...made, email: await addressOf(tx, ctx.user.id) };
      });
      // Like a passkey, a token signs in without a password: its owner hears of it at once.
      sendAccountNotice(ctx, issued.email, ctx.user.username, {
        kind: 'accessTokenCreated',
        name: issued.token.name,
      });
      return { success: true as const, token: issued.token, secret: issued.secret };
    }),

  /** Another administrator's token, or one revoked already, is 404. */
  revoke: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/account/tokens/:id' } })
    .input(revokeAccessTokenInput)
    .output(outputs.revoke)
    .mutation(async ({ ctx, input }) => {
      const revoked = await writeTransaction(ctx.db, async (tx) => {
        const now = ctx.clock.now();
        const token = await revokeAccessToken(tx, ctx.user.id, input.id, now);
        if (token) {
          await auditInsert(tx, now, {
            action: 'token_revoked',
            actor: ctx.user,
            target: auditTarget(token),
            ip: ctx.req.ip,
          });
        }
        return token;
      });
      if (!revoked)
        throw new TRPCError({ code: 'NOT_FOUND', message: ACCESS_TOKEN_MESSAGES.unknown });
      return { success: true as const };
    }),
});
