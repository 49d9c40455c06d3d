/**
 * A lead with an engagement, stored directly as the acceptance leaves it, for the thread's
 * tests (docs/engagements.md, "The thread"): the engagement as its parts receive it.
 */
import { eq } from 'drizzle-orm';
import { writeTransaction } from '#db';
import { engagements } from '#db/schema';
import type { EngagementStatus } from '#shared/engagements/values';
import type { EngagementRef } from '#server/engagements/engagement-ref';
import type { AppDeps } from '#server/http/trpc';
import type { TestClock } from './app';
import { storeLeads } from './stored-leads';

/** Stores an engagement of `leadId`, active unless said. */
export async function storeEngagement(
  deps: Pick<AppDeps, 'db'> & { clock: TestClock },
  leadId: number,
  fields: { title?: string; status?: EngagementStatus } = {},
): Promise<EngagementRef> {
  const status = fields.status ?? 'active';
  const row = await writeTransaction(deps.db, (tx) =>
    tx
      .insert(engagements)
      .values({
        leadId,
        title: fields.title ?? 'Support inbox pilot',
        status,
        createdAt: deps.clock.now(),
        closedAt: status === 'closed' ? deps.clock.now() : null,
      })
      .returning()
      .get(),
  );
  return { id: row.id, leadId, status: row.status, clientUploads: row.clientUploads };
}

/** `count` leads, each with one active engagement. */
export async function storeEngagedLeads(
  deps: Pick<AppDeps, 'db'> & { clock: TestClock },
  count: number,
): Promise<EngagementRef[]> {
  const stored = await storeLeads(deps, count, (i) => ({ name: `Client ${i + 1}` }));
  const refs: EngagementRef[] = [];
  for (const { lead } of stored) refs.push(await storeEngagement(deps, lead.id));
  return refs;
}

/** Closes the engagement as the owner's "Close" does, behind a reference read before it. */
export async function closeEngagement(
  deps: Pick<AppDeps, 'db'> & { clock: TestClock },
  id: number,
) {
  await writeTransaction(deps.db, (tx) =>
    tx
      .update(engagements)
      .set({ status: 'closed', closedAt: deps.clock.now() })
      .where(eq(engagements.id, id)),
  );
}
