/**
 * The consent screen's API (docs/mcp.md, "OAuth"; docs/api.md): the pending request an
 * administrator is asked about, and their answer. Allow needs a recent proof (a borrowed
 * session must not hand the business to an agent) and issues a one-time code bound to the
 * client, its redirect address, the PKCE challenge, the scopes granted and the administrator;
 * Deny drops the request. Both answer where the browser goes next.
 */
import { TRPCError } from '@trpc/server';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { writeTransaction } from '#db';
import { oauthAuthorizations } from '#db/schema';
import { router } from '#server/http/trpc';
import { auditInsert } from '#server/audit/record';
import { newToken, tokenHash } from '#server/platform/tokens';
import { adminProcedure } from '#server/identity/sessions/admin-procedure';
import { sendAccountNotice } from '#server/identity/administrators/notice-mail';
import {
  assertProofInTx,
  recentProofProcedure,
  requireRecentProof,
} from '#server/identity/recent-proof/recent-proof';
import { allowInput, consentRequestInput, OAUTH_MESSAGES } from '#shared/oauth-consent';
import { clientRedirect, CODE_TTL_MS, pendingRequest } from './authorizations';
import { outputs } from '#shared/shapes/oauth';
import { oauthUrls } from './site-urls';
import { addressOf } from '#server/identity/administrators/addresses';

const unknownRequest = () => new TRPCError({ code: 'NOT_FOUND', message: OAUTH_MESSAGES.request });
const badScopes = () => new TRPCError({ code: 'BAD_REQUEST', message: OAUTH_MESSAGES.scopes });

/** The row is still pending now (not allowed, denied or expired meanwhile). */
const stillPending = (id: string, now: Date) =>
  and(
    eq(oauthAuthorizations.id, id),
    isNull(oauthAuthorizations.userId),
    gt(oauthAuthorizations.expiresAt, now),
  );

export const oauthConsentRouter = router({
  request: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/oauth/requests/:id', answer: { key: 'request' } } })
    .input(consentRequestInput)
    .output(outputs.request)
    .query(async ({ ctx, input }) => {
      const pending = await pendingRequest(ctx.db, input.id, ctx.clock.now());
      if (!pending) throw unknownRequest();
      return {
        id: pending.id,
        clientName: pending.clientName,
        redirectHost: new URL(pending.redirectUri).host,
        scopes: pending.scope.split(' '),
      };
    }),

  allow: recentProofProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/oauth/requests/:id/allow',
        body: 'json',
        answer: 'result',
      },
    })
    .input(allowInput)
    .output(outputs.decision)
    .mutation(async ({ ctx, input }) => {
      const now = ctx.clock.now();
      const pending = await pendingRequest(ctx.db, input.id, now);
      if (!pending) throw unknownRequest();
      const asked = pending.scope.split(' ');
      if (!input.scopes.every((scope) => asked.includes(scope))) throw badScopes();
      // Granted in the order they were asked, each once.
      const granted = asked.filter((scope) => input.scopes.includes(scope));
      const { sessionId } = await requireRecentProof(ctx, ctx.user, input.password);
      const code = newToken();
      const allowed = await writeTransaction(ctx.db, async (tx) => {
        await assertProofInTx(tx, ctx, ctx.user.id, sessionId);
        const rows = await tx
          .update(oauthAuthorizations)
          .set({
            userId: ctx.user.id,
            scope: granted.join(' '),
            codeHash: tokenHash(code),
            expiresAt: new Date(now.getTime() + CODE_TTL_MS),
          })
          .where(stillPending(input.id, now))
          .returning({ id: oauthAuthorizations.id })
          .all();
        if (rows.length === 0) return null;
        await auditInsert(tx, now, {
          action: 'oauth_granted',
          actor: ctx.user,
          target: `${pending.clientName} (${granted.join(' ')})`,
          ip: ctx.req.ip,
        });
        return { email: await addressOf(tx, ctx.user.id) };
      });
      if (!allowed) throw unknownRequest();
      // A grant is an access token (named after the client): its owner hears of it as of one
      // made on the Account screen, with how to revoke it.
      sendAccountNotice(ctx, allowed.email, ctx.user.username, {
        kind: 'accessTokenCreated',
        name: pending.clientName,
      });
      const urls = await oauthUrls(ctx);
      return {
        success: true as const,
        redirectTo: clientRedirect(pending.redirectUri, {
          code,
          state: pending.state,
          iss: urls.issuer,
        }),
      };
    }),

  deny: adminProcedure
    .meta({
      rest: { method: 'POST', path: '/api/oauth/requests/:id/deny', answer: 'result' },
    })
    .input(consentRequestInput)
    .output(outputs.decision)
    .mutation(async ({ ctx, input }) => {
      const now = ctx.clock.now();
      const pending = await pendingRequest(ctx.db, input.id, now);
      if (!pending) throw unknownRequest();
      await writeTransaction(ctx.db, (tx) =>
        tx.delete(oauthAuthorizations).where(stillPending(input.id, now)),
      );
      const urls = await oauthUrls(ctx);
      return {
        success: true as const,
        redirectTo: clientRedirect(pending.redirectUri, {
          error: 'access_denied',
          error_description: 'The administrator denied the request.',
          state: pending.state,
          iss: urls.issuer,
        }),
      };
    }),
});
