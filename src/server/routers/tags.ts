import { TRPCError } from '@trpc/server';
import { writeTransaction } from '../../../db';
import { tags } from '../../../db/schema';
import { tagCreateInput } from '../../shared/schemas';
import type { Tag } from '../../shared/types';
import { factsChanged } from '../public-facts';
import { adminProcedure, router } from '../trpc';
import { isUniqueViolation } from './db-errors';
import { serializeTag, sortTags } from './serialize';

function duplicateTag(name: string): TRPCError {
  return new TRPCError({ code: 'CONFLICT', message: `A tag named "${name}" already exists` });
}

export const tagsRouter = router({
  list: adminProcedure.query(({ ctx }): Tag[] =>
    sortTags(ctx.db.select().from(tags).all()).map(serializeTag),
  ),

  create: adminProcedure.input(tagCreateInput).mutation(({ ctx, input }): Tag => {
    const name = input.name;
    try {
      const row = writeTransaction(ctx.db, () => {
        // Tags belong to the facts' content: any tag change drops the public facts cache.
        factsChanged(ctx.db);
        // The unique index on lower(name) folds ASCII only; this look-up, under the same
        // write lock as the insert, also catches "Éclair" against "éclair".
        const folded = name.toLowerCase();
        const existing = ctx.db
          .select({ name: tags.name })
          .from(tags)
          .all()
          .find((t) => t.name.toLowerCase() === folded);
        if (existing) throw duplicateTag(name);
        return ctx.db.insert(tags).values({ name, createdAt: ctx.clock.now() }).returning().get();
      });
      return serializeTag(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicateTag(name);
      throw error;
    }
  }),
});
