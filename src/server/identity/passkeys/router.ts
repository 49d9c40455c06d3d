import { TRPCError } from '@trpc/server';
import { z } from 'zod/mini';
import { writeTransaction } from '#db';
import {
  PASSKEY_MESSAGES,
  passkeyOptionsInput,
  registerPasskeyInput,
  removePasskeyInput,
  renamePasskeyInput,
} from '#shared/passkeys';
import { sendAccountNotice } from '../administrators/notice-mail';
import {
  assertProofInTx,
  recentProofProcedure,
  requireRecentProof,
} from '../recent-proof/recent-proof';
import { assertFactorLeft, requireAppCode } from '../second-factors/factor-proof';
import { auditInsert } from '#server/audit/record';
import { loginAddressBucket, settledPasswordCheck } from '../ways-in/login-throttle';
import { PASSKEY_FAILURES } from './throttle-rules';
import { passwordCheckedProcedure } from '../recent-proof/prove-password';
import { currentSessionId } from '../sessions/session';
import { publicProcedure, router } from '#server/http/trpc';
import { adminProcedure } from '../sessions/admin-procedure';
import { clearCeremonyCookie, readCeremony } from './challenge-cookie';
import { passkeyProofOptions, provePasskey, requirePasskeyProof } from './passkey-proof';
import { registerPasskey, registrationOptions } from './registration';
import { announceFirstFactor } from '../administrators/admin-notice';
import { noCeremony, signInOptions, signInWithPasskey } from './sign-in';
import { deletePasskey, hasPasskey, renamePasskey } from './store';
import { outputs } from '#shared/shapes/passkeys';

/**
 * The sign-in's ceremony cookie is checked first (crypto only): a request without one is
 * refused before the throttle writes anything, so a flood of them costs no writes. The
 * ceremony read here is the one the sign-in answers.
 */
const passkeyThrottle = publicProcedure.use(async ({ ctx, next }) => {
  const ceremony = await readCeremony(ctx, 'sign-in');
  if (!ceremony) {
    clearCeremonyCookie(ctx);
    throw noCeremony(ctx);
  }
  return settledPasswordCheck(
    ctx,
    {
      buckets: [{ bucket: `passkey-${loginAddressBucket(ctx)}`, rule: PASSKEY_FAILURES }],
      clearedBySuccess: null,
    },
    () => next({ ctx: { ceremony } }),
  );
});

const unknownPasskey = () =>
  new TRPCError({ code: 'NOT_FOUND', message: PASSKEY_MESSAGES.unknown });

/** Passkeys (docs/passkeys.md): the signed-in user's own, and the sign-in with one. */
export const passkeysRouter = router({
  /**
   * Needs the password only when the session did not sign in or prove it within the last 10
   * minutes; a password given is counted like the Account screen's other password checks.
   */
  registrationOptions: passwordCheckedProcedure
    .meta({ rest: { method: 'POST', path: '/api/account/passkeys/options', body: 'json' } })
    .input(passkeyOptionsInput)
    .output(outputs.registrationOptions)
    .mutation(async ({ ctx, input }) => ({
      success: true as const,
      options: await registrationOptions(ctx, ctx.user, input?.password),
    })),

  register: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/account/passkeys', status: 201, body: 'json' } })
    .input(registerPasskeyInput)
    .output(outputs.register)
    .mutation(async ({ ctx, input }) => {
      const added = await registerPasskey(ctx, ctx.user, input);
      sendAccountNotice(ctx, added.email, ctx.user.username, {
        kind: 'passkeyAdded',
        name: added.summary.name,
      });
      if (added.first) await announceFirstFactor(ctx, ctx.user, 'passkey');
      return { success: true as const, passkey: added.summary };
    }),

  rename: adminProcedure
    .meta({ rest: { method: 'PATCH', path: '/api/account/passkeys/:id', body: 'json' } })
    .input(renamePasskeyInput)
    .output(outputs.rename)
    .mutation(async ({ ctx, input }) => {
      const renamed = await writeTransaction(ctx.db, async (tx) => {
        if (!(await renamePasskey(tx, ctx.user.id, input.id, input.name))) return false;
        await auditInsert(tx, ctx.clock.now(), {
          action: 'passkey_renamed',
          actor: ctx.user,
          target: `passkey ${input.id}`,
          ip: ctx.req.ip,
        });
        return true;
      });
      if (!renamed) throw unknownPasskey();
      return { success: true as const };
    }),

  /**
   * Needs a recent proof and, while the app is on, its code (docs/passkeys.md); in production
   * the last second factor stays (409).
   */
  remove: recentProofProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/account/passkeys/:id', body: 'optional' } })
    .input(removePasskeyInput)
    .output(outputs.remove)
    .mutation(async ({ ctx, input }) => {
      // An unknown passkey is 404 before any code is judged: nothing to count for it.
      if (!(await hasPasskey(ctx.db, ctx.user.id, input.id))) throw unknownPasskey();
      const { sessionId } = await requireRecentProof(ctx, ctx.user, input.password);
      await requireAppCode(ctx, ctx.user, sessionId, input.code);
      await requirePasskeyProof(ctx, ctx.user, sessionId);
      const removed = await writeTransaction(ctx.db, async (tx) => {
        await assertProofInTx(tx, ctx, ctx.user.id, sessionId);
        await assertFactorLeft(tx, ctx, ctx.user.id, { passkey: input.id });
        if (!(await deletePasskey(tx, ctx.user.id, input.id))) return false;
        await auditInsert(tx, ctx.clock.now(), {
          action: 'passkey_removed',
          actor: ctx.user,
          target: `passkey ${input.id}`,
          ip: ctx.req.ip,
        });
        return true;
      });
      if (!removed) throw unknownPasskey();
      ctx.logger.info('passkey.removed', {
        requestId: ctx.req.requestId,
        username: ctx.user.username,
        passkey: input.id,
      });
      return { success: true as const };
    }),

  /** Options to confirm one of the user's own passkeys in this session (docs/passkeys.md). */
  proofOptions: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/account/passkeys/proof/options' } })
    .output(outputs.proofOptions)
    .mutation(async ({ ctx }) => ({
      success: true as const,
      options: await passkeyProofOptions(ctx, ctx.user, await currentSessionId(ctx)),
    })),

  /** Any input: a wrong or malformed answer is the same 401. */
  prove: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/account/passkeys/proof', body: 'json' } })
    .input(z.unknown())
    .output(outputs.prove)
    .mutation(async ({ ctx, input }) => {
      await provePasskey(ctx, ctx.user, await currentSessionId(ctx), input);
      return { success: true as const };
    }),

  signInOptions: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/passkey/options' } })
    .output(outputs.signInOptions)
    .mutation(async ({ ctx }) => ({
      success: true as const,
      options: await signInOptions(ctx),
    })),

  /** Any input: a wrong or malformed answer is the same 401 as a wrong signature. */
  signIn: passkeyThrottle
    .meta({ rest: { method: 'POST', path: '/api/admin/passkey/verify', body: 'json' } })
    .input(z.unknown())
    .output(outputs.signIn)
    .mutation(async ({ ctx, input }) => {
      await signInWithPasskey(ctx, ctx.ceremony, input);
      return { success: true as const };
    }),
});
