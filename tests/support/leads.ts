/** Builders for the admin's leads: contact messages and subscribers stored directly. */
import { contacts, subscribers, type ContactRow } from '../../db/schema';
import type { ContactSubject } from '../../src/shared/schemas';
import type { AppDeps } from '../../src/server/trpc';
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
): ContactRow[] {
  const rows: ContactRow[] = [];
  for (let i = 0; i < count; i++) {
    const own = typeof fields === 'function' ? fields(i) : fields;
    deps.clock.advance(1000);
    rows.push(
      deps.db
        .insert(contacts)
        .values({
          name: `Visitor ${i + 1}`,
          email: `visitor${i + 1}@example.com`,
          company: null,
          subject: 'consulting',
          message: `Message number ${i + 1} about a project.`,
          privacy: true,
          createdAt: deps.clock.now(),
          ...own,
        })
        .returning()
        .get(),
    );
  }
  return rows;
}

export function storeSubscribers(
  deps: Pick<AppDeps, 'db'> & { clock: TestClock },
  count: number,
): (typeof subscribers.$inferSelect)[] {
  const rows = [];
  for (let i = 0; i < count; i++) {
    deps.clock.advance(1000);
    rows.push(
      deps.db
        .insert(subscribers)
        .values({ email: `reader${i + 1}@example.com`, createdAt: deps.clock.now() })
        .returning()
        .get(),
    );
  }
  return rows;
}
