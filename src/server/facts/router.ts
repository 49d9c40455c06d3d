/** The facts' procedures (`facts.*`) and their REST paths (docs/api.md). */
import { and, eq } from 'drizzle-orm';
import { writeTransaction, type Db } from '#db';
import { aiFacts, aiFactTags, tags } from '#db/schema';
import {
  factCreateInput,
  factMoveInput,
  factReorderInput,
  factTagInput,
  factUpdateInput,
} from '#shared/facts';
import { idInput } from '#shared/validation';
import { publicFacts } from './public-cache';
import { placeFact, swapWithNeighbour } from '#shared/fact-order';
import { publicProcedure, router } from '#server/http/trpc';
import { adminProcedure } from '#server/identity/sessions/admin-procedure';
import { serializeFact, serializeTag, sortTags } from './serialize';
import { outputs, type Fact } from '#shared/shapes/facts';
import { listOrder, nextOrder, rearrange } from './display-order';
import { auditFact, auditFactById } from './fact-audit';
import { assertFactAndTagExist, factNotFound } from './not-found';

export { FACT_NOT_FOUND, TAG_NOT_FOUND } from './not-found';

async function allFacts(db: Db): Promise<Fact[]> {
  const rows = await db
    .select()
    .from(aiFacts)
    .orderBy(...listOrder)
    .all();
  return rows.map(serializeFact);
}

export const factsRouter = router({
  /**
   * Visitors' carousel: active facts only, and only what a visitor needs. Served from the
   * in-memory cache, which GET /api/ai-facts and plain GET calls of this procedure answer
   * from directly as ready bytes (src/server/facts/public-cache.ts). No session is read.
   */
  listPublic: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/ai-facts' } })
    .output(outputs.listPublic)
    .query(async ({ ctx }) => (await publicFacts(ctx.db)).result),

  listAll: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/ai-facts/all', answer: { key: 'facts' } } })
    .output(outputs.listAll)
    .query(({ ctx }): Promise<Fact[]> => allFacts(ctx.db)),

  byId: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/ai-facts/:id/with-tags', answer: { key: 'fact' } } })
    .input(idInput)
    .output(outputs.byId)
    .query(async ({ ctx, input }) => {
      const row = await ctx.db.select().from(aiFacts).where(eq(aiFacts.id, input.id)).get();
      if (!row) throw factNotFound();
      const linked = await ctx.db
        .select({ id: tags.id, name: tags.name, createdAt: tags.createdAt })
        .from(aiFactTags)
        .innerJoin(tags, eq(tags.id, aiFactTags.tagId))
        .where(eq(aiFactTags.factId, input.id))
        .all();
      return { ...serializeFact(row), tags: sortTags(linked).map(serializeTag) };
    }),

  create: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/ai-facts',
        status: 201,
        body: 'json',
        answer: { key: 'fact' },
      },
    })
    .input(factCreateInput)
    .output(outputs.create)
    .mutation(async ({ ctx, input }): Promise<Fact> => {
      const row = await writeTransaction(ctx.db, async (tx) => {
        const created = await tx
          .insert(aiFacts)
          .values({
            factText: input.factText,
            source: input.source,
            active: input.active,
            // Blank or 0 means "after the last fact" (docs/api.md).
            order: input.order ? input.order : await nextOrder(tx),
            factDate: input.factDate ?? null,
            createdAt: ctx.clock.now(),
          })
          .returning()
          .get();
        await auditFact(tx, ctx, 'fact_created', created);
        return created;
      });
      return serializeFact(row);
    }),

  update: adminProcedure
    .meta({
      rest: {
        method: 'PATCH',
        path: '/api/ai-facts/:id',
        body: { into: 'data' },
        answer: { key: 'fact' },
      },
    })
    .input(factUpdateInput)
    .output(outputs.update)
    .mutation(async ({ ctx, input }): Promise<Fact> => {
      const { id, data } = input;
      const row = await writeTransaction(ctx.db, async (tx) => {
        // Drizzle skips undefined keys; with nothing left to set it would throw, so an
        // empty patch is a plain read that still answers 404 for an unknown id.
        const changes = Object.values(data).some((v) => v !== undefined);
        if (!changes) return tx.select().from(aiFacts).where(eq(aiFacts.id, id)).get();
        const updated = await tx
          .update(aiFacts)
          .set(data)
          .where(eq(aiFacts.id, id))
          .returning()
          .get();
        if (updated) await auditFact(tx, ctx, 'fact_updated', updated);
        return updated;
      });
      if (!row) throw factNotFound();
      return serializeFact(row);
    }),

  /** Its tag links go with it (ON DELETE CASCADE). */
  remove: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/ai-facts/:id', answer: 'success' } })
    .input(idInput)
    .output(outputs.remove)
    .mutation(async ({ ctx, input }): Promise<{ success: true }> => {
      const removed = await writeTransaction(ctx.db, async (tx) => {
        const row = await tx
          .delete(aiFacts)
          .where(eq(aiFacts.id, input.id))
          .returning({ id: aiFacts.id, factText: aiFacts.factText })
          .get();
        if (row) await auditFact(tx, ctx, 'fact_deleted', row);
        return row;
      });
      if (!removed) throw factNotFound();
      return { success: true };
    }),

  /**
   * Moves a fact one place up or down the list and answers the whole list. Reading the
   * list and writing both orders happen in one transaction, so concurrent moves cannot
   * interleave into duplicated orders. At either end it changes nothing.
   */
  move: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/ai-facts/:id/move',
        body: { fields: ['direction'] },
        answer: { key: 'facts' },
      },
    })
    .input(factMoveInput)
    .output(outputs.move)
    .mutation(({ ctx, input }): Promise<Fact[]> =>
      writeTransaction(ctx.db, async (tx) => {
        await rearrange(tx, (list) => swapWithNeighbour(list, input.id, input.direction));
        return allFacts(tx);
      }),
    ),

  /**
   * Drag-and-drop placement anywhere in the list, as one transaction like move, answering
   * the whole list.
   */
  reorder: adminProcedure
    .input(factReorderInput)
    .output(outputs.reorder)
    .mutation(({ ctx, input }): Promise<Fact[]> =>
      writeTransaction(ctx.db, async (tx) => {
        await rearrange(tx, (list) => placeFact(list, input.id, input.targetId, input.position));
        return allFacts(tx);
      }),
    ),

  addTag: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/ai-facts/:factId/tags/:tagId',
        body: { fields: [] },
        answer: 'success',
      },
    })
    .input(factTagInput)
    .output(outputs.addTag)
    .mutation(async ({ ctx, input }): Promise<{ success: true }> => {
      await writeTransaction(ctx.db, async (tx) => {
        await assertFactAndTagExist(tx, input.factId, input.tagId);
        const linked = await tx
          .insert(aiFactTags)
          .values({ factId: input.factId, tagId: input.tagId })
          .onConflictDoNothing()
          .returning({ factId: aiFactTags.factId });
        // A tag is part of the fact: attaching one is an update (nothing when already there).
        if (linked.length > 0) await auditFactById(tx, ctx, input.factId);
      });
      return { success: true };
    }),

  removeTag: adminProcedure
    .meta({
      rest: { method: 'DELETE', path: '/api/ai-facts/:factId/tags/:tagId', answer: 'success' },
    })
    .input(factTagInput)
    .output(outputs.removeTag)
    .mutation(async ({ ctx, input }): Promise<{ success: true }> => {
      await writeTransaction(ctx.db, async (tx) => {
        await assertFactAndTagExist(tx, input.factId, input.tagId);
        const unlinked = await tx
          .delete(aiFactTags)
          .where(and(eq(aiFactTags.factId, input.factId), eq(aiFactTags.tagId, input.tagId)))
          .returning({ factId: aiFactTags.factId });
        if (unlinked.length > 0) await auditFactById(tx, ctx, input.factId);
      });
      return { success: true };
    }),
});
