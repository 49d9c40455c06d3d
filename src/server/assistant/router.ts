/**
 * The site assistant's procedures (docs/assistant.md): its switch (GET/PUT
 * /api/assistant/settings, admin) and "Send this to a person" (POST /api/assistant/handoff,
 * public), and the Overview's counts (tRPC only). The questions themselves stream, outside
 * tRPC: route.ts.
 */
import { TRPCError } from '@trpc/server';
import { writeTransaction } from '#db';
import { analyticsRangeInput } from '#shared/analytics';
import { assistantSettingsInput, handoffInput } from '#shared/assistant';
import { resolveRange } from '#server/analytics/range';
import { AI_NOT_SET_UP } from '#server/ai/ask';
import { CONTACT_SUBMISSIONS } from '#server/contact/throttle-rules';
import { CONTACT_THANKS, contactBucket, receiveEnquiry } from '#server/contact/router';
import { honeypotFirst, throttleOutranksInput } from '#server/http/public-form';
import { publicProcedure, router } from '#server/http/trpc';
import { adminProcedure } from '#server/identity/sessions/admin-procedure';
import { auditAdminChange } from '#server/audit/admin-change';
import { countDay, countsBetween, today } from './counts';
import { assistantOn, saveEnabled } from './settings';
import { transcriptOf } from './transcript';
import { outputs } from '#shared/shapes/assistant';

const SETTINGS_PATH = '/api/assistant/settings';

export const assistantRouter = router({
  /** `{ enabled }`: whether it answers now (never without AI_PROVIDER). */
  settings: adminProcedure
    .meta({ rest: { method: 'GET', path: SETTINGS_PATH, answer: 'spread' } })
    .output(outputs.settings)
    .query(async ({ ctx }) => ({ success: true as const, enabled: await assistantOn(ctx) })),

  /** On only with AI_PROVIDER (409 without); audited. */
  saveSettings: adminProcedure
    .meta({ rest: { method: 'PUT', path: SETTINGS_PATH, body: 'json', answer: 'spread' } })
    .input(assistantSettingsInput)
    .output(outputs.saveSettings)
    .mutation(async ({ ctx, input }) => {
      if (input.enabled && ctx.config.ai === null) {
        throw new TRPCError({ code: 'CONFLICT', message: AI_NOT_SET_UP });
      }
      await writeTransaction(ctx.db, async (tx) => {
        await saveEnabled(tx, {
          enabled: input.enabled,
          now: ctx.clock.now(),
          by: ctx.user.username,
        });
        await auditAdminChange(tx, ctx, 'assistant_updated', input.enabled ? 'on' : 'off');
      });
      return { success: true as const, enabled: await assistantOn(ctx) };
    }),

  /**
   * tRPC only, for the Overview (docs/assistant.md, "Counts"): the questions, answers and
   * handoffs of the days from `from` to `to` (the analytics' range: the last 30 by default).
   */
  counts: adminProcedure
    .input(analyticsRangeInput)
    .output(outputs.counts)
    .query(async ({ ctx, input }) => {
      const range = resolveRange(input, await today(ctx));
      return { success: true as const, ...range, ...(await countsBetween(ctx.db, range)) };
    }),

  /**
   * The conversation as an enquiry with its transcript, under the contact form's rules and
   * throttle (the same places: a handoff and a form post count together). Answered even while
   * the assistant is off: a conversation started before the switch still reaches a person.
   */
  handoff: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/assistant/handoff', status: 201, body: 'json' } })
    .use(honeypotFirst({ success: true, message: CONTACT_THANKS }))
    .use(throttleOutranksInput(contactBucket, CONTACT_SUBMISSIONS))
    .input(handoffInput)
    .output(outputs.handoff)
    .mutation(async ({ ctx, input }) => {
      const answer = await receiveEnquiry(ctx, {
        name: input.name,
        email: input.email,
        company: input.company,
        subject: 'other',
        message: transcriptOf(input.messages),
        privacy: input.privacy,
        fromAssistant: true,
      });
      await countDay(ctx, 'handedOff');
      return answer;
    }),
});
