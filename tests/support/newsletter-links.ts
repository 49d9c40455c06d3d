/**
 * Subscribers with working newsletter links, stored directly, as the sign-up and the
 * confirmation would leave them (the tokens and their hashes as src/server/newsletter/tokens.ts
 * makes them).
 */
import { writeTransaction } from '#db';
import { subscriberConfirmations, subscribers, type SubscriberRow } from '#db/schema';
import {
  CONFIRMATION_TTL_MS,
  newConfirmationToken,
  tokenHash,
  unsubscribeToken,
} from '#server/newsletter/tokens';
import type { TestDeps } from './app';

/** A pending address with one confirmation mail's token, valid 7 days from the test clock. */
export async function storeConfirmationLink(
  deps: Pick<TestDeps, 'db' | 'clock'>,
  email = 'reader@example.com',
): Promise<{ token: string; subscriber: SubscriberRow }> {
  const token = newConfirmationToken();
  const now = deps.clock.now();
  const subscriber = await writeTransaction(deps.db, async (tx) => {
    const row = await tx.insert(subscribers).values({ email, createdAt: now }).returning().get();
    await tx.insert(subscriberConfirmations).values({
      tokenHash: tokenHash(token),
      subscriberId: row.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + CONFIRMATION_TTL_MS),
    });
    return row;
  });
  return { token, subscriber };
}

/** A confirmed address and the unsubscribe token its newsletters carry. */
export async function storeUnsubscribeLink(
  deps: Pick<TestDeps, 'db' | 'clock' | 'config'>,
  email = 'reader@example.com',
): Promise<{ token: string; subscriber: SubscriberRow }> {
  const token = unsubscribeToken(deps.config.sessionSecret, email);
  const now = deps.clock.now();
  const subscriber = await writeTransaction(deps.db, (tx) =>
    tx
      .insert(subscribers)
      .values({
        email,
        createdAt: now,
        status: 'confirmed',
        confirmedAt: now,
        unsubscribeTokenHash: tokenHash(token),
      })
      .returning()
      .get(),
  );
  return { token, subscriber };
}
