import { eq, sql } from 'drizzle-orm';
import { writeTransaction, type Db } from '#db';
import { insertWhere } from '#db/insert-where';
import { aiUsage } from '#db/schema';

/**
 * A reservation older than this is a call whose instance died before settling it: it stops
 * holding tokens (ask.ts gives every call less time than this).
 */
export const STALE_RESERVATION_MS = 10 * 60_000;

/** The month's tokens: the settled calls', and the reservations of calls still running. */
function monthUsed(month: string, now: Date) {
  const fresh = new Date(now.getTime() - STALE_RESERVATION_MS);
  return sql`(select coalesce(sum(${aiUsage.inputTokens} + ${aiUsage.outputTokens}
    + case when ${aiUsage.at} > ${sql.param(fresh, aiUsage.at)} then ${aiUsage.reserved} else 0 end), 0)
    from ${aiUsage} where ${aiUsage.month} = ${month})`;
}

/**
 * Holds `estimate` tokens of the month for one call, in ONE conditional insert: the row is
 * written only when what the month holds plus the estimate stays within `limit`, so calls at
 * once on every instance sharing the database never pass the cap together (the throttles'
 * way: docs/ai.md, "Limits"). Null: no room, and nothing may be sent to the model.
 */
export async function reserveTokens(
  db: Db,
  call: {
    feature: string;
    model: string;
    month: string;
    estimate: number;
    limit: number;
    now: Date;
  },
): Promise<number | null> {
  const { now } = call;
  const rows = await writeTransaction(db, (tx) =>
    insertWhere(
      tx,
      aiUsage,
      {
        feature: call.feature,
        model: call.model,
        month: call.month,
        reserved: call.estimate,
        at: now,
      },
      sql`${monthUsed(call.month, now)} + ${call.estimate} <= ${call.limit}`,
    )
      .returning({ id: aiUsage.id })
      .all(),
  );
  return rows[0]?.id ?? null;
}

/** Whether the month has room for `estimate` now (a read; the reservation decides). */
export async function hasRoom(
  db: Db,
  call: { month: string; estimate: number; limit: number; now: Date },
): Promise<boolean> {
  const row = await db
    .select({
      room: sql<number>`${monthUsed(call.month, call.now)} + ${call.estimate} <= ${call.limit}`,
    })
    .from(sql`(select 1)`)
    .get();
  return Boolean(row?.room);
}

/** The call's real tokens in place of its reservation (0 and 0 when it failed). */
export async function settleTokens(
  db: Db,
  id: number,
  used: { inputTokens: number; outputTokens: number },
): Promise<void> {
  await writeTransaction(db, (tx) =>
    tx
      .update(aiUsage)
      .set({ inputTokens: used.inputTokens, outputTokens: used.outputTokens, reserved: 0 })
      .where(eq(aiUsage.id, id))
      .run(),
  );
}

/** The month's settled input and output tokens (GET /api/ai/usage). */
export async function monthUsage(
  db: Db,
  month: string,
): Promise<{ inputTokens: number; outputTokens: number }> {
  const [row] = await db
    .select({
      inputTokens: sql<number>`coalesce(sum(${aiUsage.inputTokens}), 0)`,
      outputTokens: sql<number>`coalesce(sum(${aiUsage.outputTokens}), 0)`,
    })
    .from(aiUsage)
    .where(eq(aiUsage.month, month));
  return {
    inputTokens: Number(row?.inputTokens ?? 0),
    outputTokens: Number(row?.outputTokens ?? 0),
  };
}
