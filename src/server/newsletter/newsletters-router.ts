/**
 * `newsletters.*`: the administrators' drafts, test copies and sends (docs/api.md). Sending
 * itself happens in the background (newsletter-job.ts hands recipients to the outbox);
 * `send` and `retry` only queue recipients (sending-procedures.ts).
 */
import { eq } from 'drizzle-orm';
import { writeTransaction } from '#db';
import { newsletters } from '#db/schema';
import { newsletterInput } from '#shared/newsletter';
import {
  NEWSLETTER_ADMIN_MESSAGES as M,
  newsletterFromEntryInput,
  newsletterUpdateInput,
} from '#shared/newsletter-admin';
import { idInput } from '#shared/validation';
import { router } from '#server/http/trpc';
import { adminProcedure } from '#server/identity/sessions/admin-procedure';
import { listNewsletters } from './newsletter-query';
import { pagesOrigin, siteSettings } from '#server/site/site-settings';
import { entryDraft, publishedEntryFacts } from './entry-draft';
import { aiEntryDraft } from './entry-draft-ai';
import { takeDraftPlace } from '#server/ai/drafts';
import { outputs } from '#shared/shapes/newsletters';
import { conflict, current, statusIn } from './newsletter-lookup';
import { newsletterSendingProcedures } from './sending-procedures';

export { testsBucket } from './sending-procedures';

export const newslettersRouter = router({
  /** Every newsletter, newest first, each with its live counts. */
  list: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/newsletters', answer: { key: 'newsletters' } } })
    .output(outputs.list)
    .query(({ ctx }) => listNewsletters(ctx.db)),

  byId: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/newsletters/:id', answer: { key: 'newsletter' } } })
    .input(idInput)
    .output(outputs.byId)
    .query(({ ctx, input }) => current(ctx.db, input.id)),

  create: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/newsletters',
        status: 201,
        body: 'json',
        answer: { key: 'newsletter' },
      },
    })
    .input(newsletterInput)
    .output(outputs.create)
    .mutation(async ({ ctx, input }) => {
      const now = ctx.clock.now();
      const row = await writeTransaction(ctx.db, (tx) =>
        tx
          .insert(newsletters)
          .values({ subject: input.subject, body: input.body, createdAt: now, updatedAt: now })
          .returning({ id: newsletters.id })
          .get(),
      );
      return current(ctx.db, row.id);
    }),

  /**
   * A draft made from a published entry in one press (entry-draft.ts): written, never sent.
   * With `ai: true` the model writes its subject and text (entry-draft-ai.ts): 429 for this
   * administrator's drafts first, then the entry's 404, then 409 without AI_PROVIDER, 429
   * past the month's tokens, 503 when the provider fails or its answer is no draft; the draft
   * is written only after the model answered. Not audited, as no draft's creation is: the
   * send is.
   */
  fromEntry: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/newsletters/draft',
        status: 201,
        body: 'json',
        answer: { key: 'newsletter' },
      },
    })
    .input(newsletterFromEntryInput)
    .output(outputs.create)
    .mutation(async ({ ctx, input }) => {
      if (input.ai) await takeDraftPlace(ctx, ctx.user.id);
      const entry = await publishedEntryFacts(ctx.db, input.entryId);
      const origin = pagesOrigin(await siteSettings(ctx));
      const draft = input.ai ? await aiEntryDraft(ctx, entry, origin) : entryDraft(entry, origin);
      const now = ctx.clock.now();
      const row = await writeTransaction(ctx.db, (tx) =>
        tx
          .insert(newsletters)
          .values({ ...draft, createdAt: now, updatedAt: now })
          .returning({ id: newsletters.id })
          .get(),
      );
      return current(ctx.db, row.id);
    }),

  /** A draft only: what was sent stays as it was sent. */
  update: adminProcedure
    .meta({
      rest: {
        method: 'PATCH',
        path: '/api/newsletters/:id',
        body: { into: 'data' },
        answer: { key: 'newsletter' },
      },
    })
    .input(newsletterUpdateInput)
    .output(outputs.update)
    .mutation(async ({ ctx, input }) => {
      const { id, data } = input;
      await writeTransaction(ctx.db, async (tx) => {
        if ((await statusIn(tx, id)) !== 'draft') throw conflict(M.notDraft);
        // Drizzle skips undefined keys; an empty patch changes nothing, not even updatedAt.
        if (data.subject === undefined && data.body === undefined) return;
        await tx
          .update(newsletters)
          .set({ ...data, updatedAt: ctx.clock.now() })
          .where(eq(newsletters.id, id));
      });
      return current(ctx.db, id);
    }),

  remove: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/newsletters/:id', answer: 'success' } })
    .input(idInput)
    .output(outputs.remove)
    .mutation(async ({ ctx, input }): Promise<{ success: true }> => {
      await writeTransaction(ctx.db, async (tx) => {
        if ((await statusIn(tx, input.id)) !== 'draft') throw conflict(M.notDraft);
        await tx.delete(newsletters).where(eq(newsletters.id, input.id));
      });
      return { success: true };
    }),

  ...newsletterSendingProcedures,
});
