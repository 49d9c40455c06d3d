/**
 * The facts' stored display order (docs/api.md): the one list order, the next place after
 * the last fact, and a rearranged list written back, inside the caller's write transaction.
 */
import { asc, inArray, max, sql } from 'drizzle-orm';
import type { Db } from '#db';
import { aiFacts } from '#db/schema';
import type { Ordered } from '#shared/fact-order';
import { factNotFound } from './not-found';

/** The one list order everywhere (docs/api.md): display order, then id. */
export const listOrder = [asc(aiFacts.order), asc(aiFacts.id)] as const;

/**
 * New display orders go after the last fact. Called inside the write transaction, so two
 * creations at once cannot both read the same highest value.
 */
export async function nextOrder(tx: Db): Promise<number> {
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

/**
 * Stores a rearranged list (shared/fact-order.ts computed it): only the rows whose display
 * order changed, in one statement, so a move is one round trip on a libSQL server too.
 */
async function storeOrders(tx: Db, before: Ordered[], after: Ordered[]): Promise<void> {
  const was = new Map(before.map((fact) => [fact.id, fact.order]));
  const changes = after.filter((fact) => was.get(fact.id) !== fact.order);
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

/** Rearranges the stored list with `arrange`, inside the caller's write transaction. */
export async function rearrange(
  tx: Db,
  arrange: (list: Ordered[]) => Ordered[] | null,
): Promise<void> {
  const list = await listOrders(tx);
  const arranged = arrange(list);
  if (!arranged) throw factNotFound();
  await storeOrders(tx, list, arranged);
}
