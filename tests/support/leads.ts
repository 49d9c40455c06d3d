/** Builders for the admin's leads: contact messages and subscribers stored directly. */
import { writeTransaction, type Db } from '#db';
import { contacts, subscribers, type ContactRow, type SubscriberRow } from '#db/schema';
import type { ContactSubject } from '#shared/contact';
import type { SubscriberStatus } from '#shared/newsletter';
import type { SequenceExit } from '#shared/outbox';
import type { AppDeps } from '#server/http/trpc';
import type { TestClock } from './app';

export interface MessageFields {
  name?: string;
  email?: string;
  company?: string | null;
  subject?: ContactSubject;
  message?: string;
}

/**
 * Stores messages as the contact form would, one second apart on the test clock, so the
 * last one stored is the newest. Answers the rows in the order stored.
 */
export function storeMessages(
  deps: Pick<AppDeps, 'db'> & { clock: TestClock },
  count: number,
  fields: MessageFields | ((i: number) => MessageFields) = {},
): Promise<ContactRow[]> {
  const values = Array.from({ length: count }, (_, i) => {
    const own = typeof fields === 'function' ? fields(i) : fields;
    deps.clock.advance(1000);
    return {
      name: `Visitor ${i + 1}`,
      email: `visitor${i + 1}@example.com`,
      company: null,
      subject: 'consulting' as const,
      message: `Message number ${i + 1} about a project.`,
      privacy: true,
      createdAt: deps.clock.now(),
      ...own,
    };
  });
  return insertInChunks(deps, values, (tx, chunk) =>
    tx.insert(contacts).values(chunk).returning().all(),
  );
}

export interface SubscriberFields {
  email?: string;
  status?: SubscriberStatus;
  confirmedAt?: Date | null;
  unsubscribedAt?: Date | null;
  sequenceStep?: number;
  sequenceExited?: SequenceExit | null;
}

/**
 * Stores subscribers one second apart on the test clock (pending, as a sign-up leaves them,
 * unless `fields` says otherwise). Answers the rows in the order stored.
 */
export function storeSubscribers(
  deps: Pick<AppDeps, 'db'> & { clock: TestClock },
  count: number,
  fields: SubscriberFields | ((i: number) => SubscriberFields) = {},
): Promise<SubscriberRow[]> {
  const values = Array.from({ length: count }, (_, i) => {
    const own = typeof fields === 'function' ? fields(i) : fields;
    deps.clock.advance(1000);
    return { email: `reader${i + 1}@example.com`, createdAt: deps.clock.now(), ...own };
  });
  return insertInChunks(deps, values, (tx, chunk) =>
    tx.insert(subscribers).values(chunk).returning().all(),
  );
}

/** One transaction, a few hundred rows a statement (SQLite's limit on bound values). */
async function insertInChunks<V, R>(
  deps: Pick<AppDeps, 'db'>,
  values: V[],
  insert: (tx: Db, chunk: V[]) => R[] | Promise<R[]>,
): Promise<R[]> {
  if (values.length === 0) return [];
  return writeTransaction(deps.db, async (tx) => {
    const rows: R[] = [];
    for (let i = 0; i < values.length; i += 500) {
      rows.push(...(await insert(tx, values.slice(i, i + 500))));
    }
    return rows;
  });
}
