import { TRPCError } from '@trpc/server';
import { writeTransaction } from '#db';
import { aiFactTags, tags } from '#db/schema';
import { tagCreateInput } from '#shared/facts';
import { router } from '#server/http/trpc';
import { adminProcedure } from '#server/identity/sessions/admin-procedure';
import { isUniqueViolation } from '#db/unique-violation';
import { serializeTag, sortTags } from '../serialize';
import type { Tag } from '#shared/shapes/facts';
import { outputs } from '#shared/shapes/tags';

function duplicateTag(name: string): TRPCError {
  return new TRPCError({ code: 'CONFLICT', message: `A tag named "${name}" already exists` });
}

export const tagsRouter = router({
  list: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/tags', answer: { key: 'tags' } } })
    .output(outputs.list)
    .query(async ({ ctx }): Promise<Tag[]> =>
      sortTags(await ctx.db.select().from(tags).all()).map(serializeTag),
    ),

  /** Which tag is on which fact: the dashboard's rows show each fact's tags from it. */
  links: adminProcedure
    .output(outputs.links)
    .query(
      async ({ ctx }): Promise<{ factId: number; tagId: number }[]> =>
        await ctx.db
          .select({ factId: aiFactTags.factId, tagId: aiFactTags.tagId })
          .from(aiFactTags)
          .orderBy(aiFactTags.factId, aiFactTags.tagId)
          .all(),
    ),

  create: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/tags',
        status: 201,
        body: 'json',
        answer: { key: 'tag' },
      },
    })
    .input(tagCreateInput)
    .output(outputs.create)
    .mutation(async ({ ctx, input }): Promise<Tag> => {
      const name = input.name;
      try {
        const row = await writeTransaction(ctx.db, async (tx) => {
          // The unique index on lower(name) folds ASCII only; this look-up, under the same
          // write lock as the insert, also catches "Éclair" against "éclair".
          const folded = name.toLowerCase();
          const names = await tx.select({ name: tags.name }).from(tags).all();
          if (names.some((t) => t.name.toLowerCase() === folded)) throw duplicateTag(name);
          return tx.insert(tags).values({ name, createdAt: ctx.clock.now() }).returning().get();
        });
        return serializeTag(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicateTag(name);
        throw error;
      }
    }),
});
