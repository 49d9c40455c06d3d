/** Builders for the newsletter's sending tests: subscribers in a given state, and what they got. */
import { eq } from 'drizzle-orm';
import { writeTransaction, type Db } from '#db';
import { newsletterRecipients, subscribers, type RecipientRow } from '#db/schema';
import type { SubscriberStatus } from '#shared/newsletter';

/** Stores the addresses with that status (confirmed ones with their confirmation date). */
export async function storeSubscribersAs(
  deps: { db: Db; clock: { now(): Date } },
  status: SubscriberStatus,
  emails: string[],
): Promise<number[]> {
  if (emails.length === 0) return [];
  const now = deps.clock.now();
  const values = emails.map((email) => ({
    email,
    status,
    createdAt: now,
    confirmedAt: status === 'pending' ? null : now,
    unsubscribedAt: status === 'unsubscribed' ? now : null,
  }));
  // A few hundred rows a statement: SQLite caps the values bound to one.
  const rows = await writeTransaction(deps.db, async (tx) => {
    const ids: { id: number }[] = [];
    for (let i = 0; i < values.length; i += 500) {
      ids.push(
        ...(await tx
          .insert(subscribers)
          .values(values.slice(i, i + 500))
          .returning({ id: subscribers.id })
          .all()),
      );
    }
    return ids;
  });
  return rows.map((row) => row.id);
}

/** `count` addresses `prefix1@example.com`, `prefix2@…`. */
export function addresses(prefix: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `${prefix}${i + 1}@example.com`);
}

export async function setSubscriberStatus(
  db: Db,
  email: string,
  status: SubscriberStatus,
): Promise<void> {
  await writeTransaction(db, (tx) =>
    tx.update(subscribers).set({ status }).where(eq(subscribers.email, email)),
  );
}

/** A newsletter's recipients by address, in id order. */
export async function recipientsOf(db: Db, newsletterId: number): Promise<RecipientRow[]> {
  return db
    .select()
    .from(newsletterRecipients)
    .where(eq(newsletterRecipients.newsletterId, newsletterId))
    .orderBy(newsletterRecipients.id)
    .all();
}

/** Each address's recipient status, for toEqual. */
export async function statusByAddress(db: Db, newsletterId: number) {
  return Object.fromEntries(
    (await recipientsOf(db, newsletterId)).map((row) => [row.email, row.status]),
  );
}
