import { TRPCError } from '@trpc/server';
import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import { writeTransaction, type Db } from '../../../db';
import { aiFacts, aiFactTags, tags } from '../../../db/schema';
import {
  factCreateInput,
  factMoveInput,
  factReorderInput,
  factTagInput,
  factUpdateInput,
  idInput,
} from '../../shared/schemas';
import type { Fact, FactWithTags } from '../../shared/types';
import { publicFacts, type PublicFactsResult } from './public-cache';
import { adminProcedure, publicProcedure, router } from '../http/trpc';
import { serializeFact, serializeTag, sortTags } from './serialize';

export const FACT_NOT_FOUND = 'AI fact not found';
export const TAG_NOT_FOUND = 'Tag not found';

/** The one list order everywhere (DESIGN.md section 4): display order, then id. */
const listOrder = [asc(aiFacts.order), asc(aiFacts.id)] as const;

async function allFacts(db: Db): Promise<Fact[]> {
  const rows = await db
    .select()
    .from(aiFacts)
    .orderBy(...listOrder)
    .all();
  return rows.map(serializeFact);
}

function factNotFound(): TRPCError {
  return new TRPCError({ code: 'NOT_FOUND', message: FACT_NOT_FOUND });
}

/** Names exactly what is missing, so a 404 on a link says whether the fact or the tag is gone. */
async function assertFactAndTagExist(tx: Db, factId: number, tagId: number): Promise<void> {
  const fact = await tx
    .select({ id: aiFacts.id })
    .from(aiFacts)
    .where(eq(aiFacts.id, factId))
    .get();
  const tag = await tx.select({ id: tags.id }).from(tags).where(eq(tags.id, tagId)).get();
  if (!fact && !tag) {
    throw new TRPCError({ code: 'NOT_FOUND', message: 'AI fact and tag not found' });
  }
  if (!fact) throw factNotFound();
  if (!tag) throw new TRPCError({ code: 'NOT_FOUND', message: TAG_NOT_FOUND });
}

/**
 * New display orders go after the last fact. Called inside the write transaction, so two
 * creations at once cannot both read the same highest value.
 */
async function nextOrder(tx: Db): Promise<number> {
  const row = await tx
    .select({ highest: max(aiFacts.order) })
    .from(aiFacts)
    .get();
  return (row?.highest ?? 0) + 1;
}

function listOrders(tx: Db) {
  return tx
    .select({ id: aiFacts.id, order: aiFacts.order })
    .from(aiFacts)
    .orderBy(...listOrder)
    .all();
}

async function setOrder(tx: Db, factId: number, order: number): Promise<void> {
  await tx.update(aiFacts).set({ order }).where(eq(aiFacts.id, factId));
}

/**
 * Writes display orders 1..n for the list as arranged, in one statement touching only the
 * rows that change (one round trip, however long the list, on a libSQL server too).
 */
async function renumber(tx: Db, arranged: { id: number; order: number }[]): Promise<void> {
  const changes = arranged
    .map((fact, i) => ({ id: fact.id, order: i + 1, was: fact.order }))
    .filter((change) => change.order !== change.was);
  if (changes.length === 0) return;
  const cases = changes.map((change) => sql`when ${change.id} then ${change.order}`);
  await tx
    .update(aiFacts)
    .set({ order: sql`case ${aiFacts.id} ${sql.join(cases, sql` `)} end` })
    .where(
      inArray(
        aiFacts.id,
        changes.map((change) => change.id),
      ),
    );
}

/**
 * Swaps a fact with its neighbour in the list order. When the list has equal display
 * orders, swapping two values could leave the pair where it was (ties fall back to id), so
 * the whole list is renumbered 1..n in its new arrangement instead.
 */
async function moveFact(tx: Db, id: number, direction: 'up' | 'down'): Promise<void> {
  const list = await listOrders(tx);
  const index = list.findIndex((f) => f.id === id);
  if (index === -1) throw factNotFound();
  const other = direction === 'up' ? index - 1 : index + 1;
  const current = list[index];
  const neighbour = list[other];
  if (!current || !neighbour) return;

  const strictlyIncreasing = list.every((f, i) => i === 0 || (list[i - 1]?.order ?? 0) < f.order);
  if (strictlyIncreasing) {
    await setOrder(tx, current.id, neighbour.order);
    await setOrder(tx, neighbour.id, current.order);
    return;
  }
  const arranged = [...list];
  arranged[index] = neighbour;
  arranged[other] = current;
  await renumber(tx, arranged);
}

/**
 * Takes a fact out of the list and puts it just before or after another one, then numbers
 * the list 1..n in its new arrangement (only changed rows are written). Placing relative to a
 * fact, not an index, keeps the intent right even if the client's list was slightly stale.
 */
async function reorderFact(
  tx: Db,
  id: number,
  targetId: number,
  position: 'before' | 'after',
): Promise<void> {
  const list = await listOrders(tx);
  const moving = list.find((f) => f.id === id);
  if (!moving || !list.some((f) => f.id === targetId)) throw factNotFound();
  if (targetId === id) return;
  const arranged = list.filter((f) => f.id !== id);
  const targetIndex = arranged.findIndex((f) => f.id === targetId);
  arranged.splice(position === 'before' ? targetIndex : targetIndex + 1, 0, moving);
  await renumber(tx, arranged);
}

export const factsRouter = router({
  /**
   * Visitors' carousel: active facts only, and only what a visitor needs. Served from the
   * in-memory cache, which GET /api/ai-facts and plain GET calls of this procedure answer
   * from directly as ready bytes (src/server/facts/public-cache.ts). No session is read.
   */
  listPublic: publicProcedure.query(
    async ({ ctx }): Promise<Readonly<PublicFactsResult>> => (await publicFacts(ctx.db)).result,
  ),

  listAll: adminProcedure.query(({ ctx }): Promise<Fact[]> => allFacts(ctx.db)),

  byId: adminProcedure.input(idInput).query(async ({ ctx, input }): Promise<FactWithTags> => {
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

  create: adminProcedure.input(factCreateInput).mutation(async ({ ctx, input }): Promise<Fact> => {
    const row = await writeTransaction(ctx.db, async (tx) =>
      tx
        .insert(aiFacts)
        .values({
          factText: input.factText,
          source: input.source,
          active: input.active,
          // Spec section 4: blank or 0 means "after the last fact".
          order: input.order ? input.order : await nextOrder(tx),
          factDate: input.factDate ?? null,
          createdAt: ctx.clock.now(),
        })
        .returning()
        .get(),
    );
    return serializeFact(row);
  }),

  update: adminProcedure.input(factUpdateInput).mutation(async ({ ctx, input }): Promise<Fact> => {
    const { id, data } = input;
    const row = await writeTransaction(ctx.db, (tx) => {
      // Drizzle skips undefined keys; with nothing left to set it would throw, so an
      // empty patch is a plain read that still answers 404 for an unknown id.
      const changes = Object.values(data).some((v) => v !== undefined);
      return changes
        ? tx.update(aiFacts).set(data).where(eq(aiFacts.id, id)).returning().get()
        : tx.select().from(aiFacts).where(eq(aiFacts.id, id)).get();
    });
    if (!row) throw factNotFound();
    return serializeFact(row);
  }),

  /** Its tag links go with it (ON DELETE CASCADE). */
  remove: adminProcedure
    .input(idInput)
    .mutation(async ({ ctx, input }): Promise<{ success: true }> => {
      const removed = await writeTransaction(ctx.db, (tx) =>
        tx.delete(aiFacts).where(eq(aiFacts.id, input.id)).returning({ id: aiFacts.id }).get(),
      );
      if (!removed) throw factNotFound();
      return { success: true };
    }),

  /**
   * Moves a fact one place up or down the list and answers the whole list. Reading the
   * list and writing both orders happen in one transaction, so concurrent moves cannot
   * interleave into duplicated orders. At either end it changes nothing.
   */
  move: adminProcedure.input(factMoveInput).mutation(({ ctx, input }): Promise<Fact[]> =>
    writeTransaction(ctx.db, async (tx) => {
      await moveFact(tx, input.id, input.direction);
      return allFacts(tx);
    }),
  ),

  /**
   * Drag-and-drop placement anywhere in the list, as one transaction like move, answering
   * the whole list.
   */
  reorder: adminProcedure.input(factReorderInput).mutation(({ ctx, input }): Promise<Fact[]> =>
    writeTransaction(ctx.db, async (tx) => {
      await reorderFact(tx, input.id, input.targetId, input.position);
      return allFacts(tx);
    }),
  ),

  addTag: adminProcedure
    .input(factTagInput)
    .mutation(async ({ ctx, input }): Promise<{ success: true }> => {
      await writeTransaction(ctx.db, async (tx) => {
        await assertFactAndTagExist(tx, input.factId, input.tagId);
        await tx
          .insert(aiFactTags)
          .values({ factId: input.factId, tagId: input.tagId })
          .onConflictDoNothing();
      });
      return { success: true };
    }),

  removeTag: adminProcedure
    .input(factTagInput)
    .mutation(async ({ ctx, input }): Promise<{ success: true }> => {
      await writeTransaction(ctx.db, async (tx) => {
        await assertFactAndTagExist(tx, input.factId, input.tagId);
        await tx
          .delete(aiFactTags)
          .where(and(eq(aiFactTags.factId, input.factId), eq(aiFactTags.tagId, input.tagId)));
      });
      return { success: true };
    }),
});
