import { TRPCError } from '@trpc/server';
import { count, desc, eq, lt } from 'drizzle-orm';
import { writeTransaction, type Db } from '../../../db';
import { subscribers, type SubscriberRow } from '../../../db/schema';
import { SUBSCRIBERS_PAGE_SIZE, subscriberListInput } from '../../shared/leads';
import { idInput } from '../../shared/validation';
import { adminProcedure, router } from '../http/trpc';
import { inIdBatches } from './id-batches';

export const SUBSCRIBER_NOT_FOUND = 'Subscriber not found';

export function serializeSubscriber(row: SubscriberRow) {
  return { id: row.id, email: row.email, createdAt: row.createdAt.toISOString() };
}

export type Subscriber = ReturnType<typeof serializeSubscriber>;

/** Ids grow with arrival: the primary key lists the newest first. */
const newestFirst = desc(subscribers.id);

/** Every subscriber, newest first, for the CSV export. */
export async function* subscribersNewestFirst(db: Db): AsyncGenerator<Subscriber> {
  const rows = inIdBatches((before, size) =>
    db
      .select()
      .from(subscribers)
      .where(before === undefined ? undefined : lt(subscribers.id, before))
      .orderBy(newestFirst)
      .limit(size)
      .all(),
  );
  for await (const row of rows) yield serializeSubscriber(row);
}

export const subscribersRouter = router({
  list: adminProcedure.input(subscriberListInput).query(async ({ ctx, input }) => {
    const rows = await ctx.db
      .select()
      .from(subscribers)
      .orderBy(newestFirst)
      .limit(SUBSCRIBERS_PAGE_SIZE)
      .offset((input.page - 1) * SUBSCRIBERS_PAGE_SIZE)
      .all();
    const total = (await ctx.db.select({ n: count() }).from(subscribers).get())?.n ?? 0;
    return {
      subscribers: rows.map(serializeSubscriber),
      total,
      page: input.page,
      pageSize: SUBSCRIBERS_PAGE_SIZE,
    };
  }),

  remove: adminProcedure
    .input(idInput)
    .mutation(async ({ ctx, input }): Promise<{ success: true }> => {
      const removed = await writeTransaction(ctx.db, (tx) =>
        tx
          .delete(subscribers)
          .where(eq(subscribers.id, input.id))
          .returning({ id: subscribers.id })
          .get(),
      );
      if (!removed) {
        throw new TRPCError({ code: 'NOT_FOUND', message: SUBSCRIBER_NOT_FOUND });
      }
      return { success: true };
    }),
});
