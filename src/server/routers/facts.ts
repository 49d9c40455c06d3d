import { TRPCError } from '@trpc/server';
import { and, asc, eq, max } from 'drizzle-orm';
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
import { factsChanged, publicFacts, type PublicFactsResult } from '../public-facts';
import { adminProcedure, publicProcedure, router } from '../trpc';
import { serializeFact, serializeTag, sortTags } from './serialize';

export const FACT_NOT_FOUND = 'AI fact not found';
export const TAG_NOT_FOUND = 'Tag not found';

/** The one list order everywhere (DESIGN.md section 4): display order, then id. */
const listOrder = [asc(aiFacts.order), asc(aiFacts.id)] as const;

function allFacts(db: Db): Fact[] {
  return db
    .select()
    .from(aiFacts)
    .orderBy(...listOrder)
    .all()
    .map(serializeFact);
}

/**
 * Every write to facts or their tag links goes through here: one BEGIN IMMEDIATE transaction
 * that also marks the public facts cache stale (src/server/public-facts.ts).
 */
function writeFacts<T>(db: Db, fn: () => T): T {
  return writeTransaction(db, () => {
    factsChanged(db);
    return fn();
  });
}

function factNotFound(): TRPCError {
  return new TRPCError({ code: 'NOT_FOUND', message: FACT_NOT_FOUND });
}

/** Names exactly what is missing, so a 404 on a link says whether the fact or the tag is gone. */
function assertFactAndTagExist(db: Db, factId: number, tagId: number): void {
  const fact = db.select({ id: aiFacts.id }).from(aiFacts).where(eq(aiFacts.id, factId)).get();
  const tag = db.select({ id: tags.id }).from(tags).where(eq(tags.id, tagId)).get();
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
function nextOrder(db: Db): number {
  const row = db
    .select({ highest: max(aiFacts.order) })
    .from(aiFacts)
    .get();
  return (row?.highest ?? 0) + 1;
}

/**
 * Swaps a fact with its neighbour in the list order. When the list has equal display
 * orders, swapping two values could leave the pair where it was (ties fall back to id), so
 * the whole list is renumbered 1..n in its new arrangement instead.
 */
function moveFact(db: Db, id: number, direction: 'up' | 'down'): void {
  const list = db
    .select({ id: aiFacts.id, order: aiFacts.order })
    .from(aiFacts)
    .orderBy(...listOrder)
    .all();
  const index = list.findIndex((f) => f.id === id);
  if (index === -1) throw factNotFound();
  const other = direction === 'up' ? index - 1 : index + 1;
  const current = list[index];
  const neighbour = list[other];
  if (!current || !neighbour) return;

  const setOrder = (factId: number, order: number) =>
    db.update(aiFacts).set({ order }).where(eq(aiFacts.id, factId)).run();

  const strictlyIncreasing = list.every((f, i) => i === 0 || (list[i - 1]?.order ?? 0) < f.order);
  if (strictlyIncreasing) {
    setOrder(current.id, neighbour.order);
    setOrder(neighbour.id, current.order);
    return;
  }
  const arranged = [...list];
  arranged[index] = neighbour;
  arranged[other] = current;
  arranged.forEach((fact, i) => {
    if (fact.order !== i + 1) setOrder(fact.id, i + 1);
  });
}

/**
 * Takes a fact out of the list and puts it just before or after another one, then numbers
 * the list 1..n in its new arrangement (only changed rows are written). Placing relative to a
 * fact, not an index, keeps the intent right even if the client's list was slightly stale.
 */
function reorderFact(db: Db, id: number, targetId: number, position: 'before' | 'after'): void {
  const list = db
    .select({ id: aiFacts.id, order: aiFacts.order })
    .from(aiFacts)
    .orderBy(...listOrder)
    .all();
  const moving = list.find((f) => f.id === id);
  if (!moving || !list.some((f) => f.id === targetId)) throw factNotFound();
  if (targetId === id) return;
  const arranged = list.filter((f) => f.id !== id);
  const targetIndex = arranged.findIndex((f) => f.id === targetId);
  arranged.splice(position === 'before' ? targetIndex : targetIndex + 1, 0, moving);
  arranged.forEach((fact, i) => {
    if (fact.order !== i + 1) {
      db.update(aiFacts)
        .set({ order: i + 1 })
        .where(eq(aiFacts.id, fact.id))
        .run();
    }
  });
}

export const factsRouter = router({
  /**
   * Visitors' carousel: active facts only, and only what a visitor needs. Served from the
   * in-memory cache, which GET /api/ai-facts and plain GET calls of this procedure answer
   * from directly as ready bytes (src/server/public-facts.ts). No session is read.
   */
  listPublic: publicProcedure.query(
    ({ ctx }): Readonly<PublicFactsResult> => publicFacts(ctx.db).result,
  ),

  listAll: adminProcedure.query(({ ctx }): Fact[] => allFacts(ctx.db)),

  byId: adminProcedure.input(idInput).query(({ ctx, input }): FactWithTags => {
    const row = ctx.db.select().from(aiFacts).where(eq(aiFacts.id, input.id)).get();
    if (!row) throw factNotFound();
    const linked = ctx.db
      .select({ id: tags.id, name: tags.name, createdAt: tags.createdAt })
      .from(aiFactTags)
      .innerJoin(tags, eq(tags.id, aiFactTags.tagId))
      .where(eq(aiFactTags.factId, input.id))
      .all();
    return { ...serializeFact(row), tags: sortTags(linked).map(serializeTag) };
  }),

  create: adminProcedure.input(factCreateInput).mutation(({ ctx, input }): Fact => {
    const row = writeFacts(ctx.db, () =>
      ctx.db
        .insert(aiFacts)
        .values({
          factText: input.factText,
          source: input.source,
          active: input.active,
          // Spec section 4: blank or 0 means "after the last fact".
          order: input.order ? input.order : nextOrder(ctx.db),
          factDate: input.factDate ?? null,
          createdAt: ctx.clock.now(),
        })
        .returning()
        .get(),
    );
    return serializeFact(row);
  }),

  update: adminProcedure.input(factUpdateInput).mutation(({ ctx, input }): Fact => {
    const { id, data } = input;
    const row = writeFacts(ctx.db, () => {
      // Drizzle skips undefined keys; with nothing left to set it would throw, so an
      // empty patch is a plain read that still answers 404 for an unknown id.
      const changes = Object.values(data).some((v) => v !== undefined);
      return changes
        ? ctx.db.update(aiFacts).set(data).where(eq(aiFacts.id, id)).returning().get()
        : ctx.db.select().from(aiFacts).where(eq(aiFacts.id, id)).get();
    });
    if (!row) throw factNotFound();
    return serializeFact(row);
  }),

  /** Its tag links go with it (ON DELETE CASCADE). */
  remove: adminProcedure.input(idInput).mutation(({ ctx, input }): { success: true } => {
    const removed = writeFacts(ctx.db, () =>
      ctx.db.delete(aiFacts).where(eq(aiFacts.id, input.id)).returning({ id: aiFacts.id }).get(),
    );
    if (!removed) throw factNotFound();
    return { success: true };
  }),

  /**
   * Moves a fact one place up or down the list and answers the whole list. Reading the
   * list and writing both orders happen in one transaction, so concurrent moves cannot
   * interleave into duplicated orders. At either end it changes nothing.
   */
  move: adminProcedure.input(factMoveInput).mutation(({ ctx, input }): Fact[] =>
    writeFacts(ctx.db, () => {
      moveFact(ctx.db, input.id, input.direction);
      return allFacts(ctx.db);
    }),
  ),

  /**
   * Drag-and-drop placement anywhere in the list, as one transaction like move, answering
   * the whole list.
   */
  reorder: adminProcedure.input(factReorderInput).mutation(({ ctx, input }): Fact[] =>
    writeFacts(ctx.db, () => {
      reorderFact(ctx.db, input.id, input.targetId, input.position);
      return allFacts(ctx.db);
    }),
  ),

  addTag: adminProcedure.input(factTagInput).mutation(({ ctx, input }): { success: true } => {
    writeFacts(ctx.db, () => {
      assertFactAndTagExist(ctx.db, input.factId, input.tagId);
      ctx.db
        .insert(aiFactTags)
        .values({ factId: input.factId, tagId: input.tagId })
        .onConflictDoNothing()
        .run();
    });
    return { success: true };
  }),

  removeTag: adminProcedure.input(factTagInput).mutation(({ ctx, input }): { success: true } => {
    writeFacts(ctx.db, () => {
      assertFactAndTagExist(ctx.db, input.factId, input.tagId);
      ctx.db
        .delete(aiFactTags)
        .where(and(eq(aiFactTags.factId, input.factId), eq(aiFactTags.tagId, input.tagId)))
        .run();
    });
    return { success: true };
  }),
});
