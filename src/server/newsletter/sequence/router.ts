/**
 * `newsletterSequence.get`, `newsletterSequence.save`: the welcome sequence on the admin's
 * Newsletters screen (docs/newsletter.md, "Welcome sequence"). Saving only changes what the
 * sequence's job (sequence-job.ts) sends from then on; nothing is sent by the save itself.
 */
import { writeTransaction } from '#db';
import { sequenceInput } from '#shared/newsletter-sequence';
import { router } from '#server/http/trpc';
import { adminProcedure } from '#server/identity/sessions/admin-procedure';
import { auditAdminChange } from '#server/audit/admin-change';
import { wakeSenders } from '#server/mail/outbox/mail-loop';
import { readSequence, saveSequence, sequenceAnswer } from './sequence';
import { outputs } from '#shared/shapes/newsletter-sequence';

const PATH = '/api/newsletter/sequence';

export const sequenceRouter = router({
  get: adminProcedure
    .meta({ rest: { method: 'GET', path: PATH, answer: 'spread' } })
    .output(outputs.get)
    .query(async ({ ctx }) => sequenceAnswer(await readSequence(ctx.db))),

  save: adminProcedure
    .meta({ rest: { method: 'PUT', path: PATH, body: 'json', answer: 'spread' } })
    .input(sequenceInput)
    .output(outputs.save)
    .mutation(async ({ ctx, input }) => {
      await writeTransaction(ctx.db, async (tx) => {
        await saveSequence(tx, input, ctx.clock.now());
        const n = input.steps.length;
        await auditAdminChange(
          tx,
          ctx,
          'sequence_updated',
          `${input.enabled ? 'on' : 'off'}, ${n} ${n === 1 ? 'mail' : 'mails'}`,
        );
      });
      // A step due now starts at once rather than at the next poll.
      if (input.enabled) wakeSenders(ctx.db);
      return sequenceAnswer(await readSequence(ctx.db));
    }),
});
