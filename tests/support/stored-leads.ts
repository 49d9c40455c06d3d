/**
 * Leads stored directly, as the contact form leaves them: the lead, its messages (linked by
 * `leadId`) and a `message` entry on its timeline for each.
 */
import { eq } from 'drizzle-orm';
import { writeTransaction } from '#db';
import { contacts, leadEvents, leads, type ContactRow } from '#db/schema';
import type { LeadStatus } from '#shared/lead-pipeline';
import type { AppDeps } from '#server/http/trpc';
import type { TestClock } from './app';

export interface StoredLeadFields {
  email?: string;
  name?: string;
  company?: string | null;
  status?: LeadStatus;
  /** The text of each message, stored one second apart (one message unless said). */
  messages?: string[];
  followUpAt?: Date | null;
}

export interface StoredLead {
  lead: typeof leads.$inferSelect;
  messages: ContactRow[];
}

/** Stores `count` leads one after another on the test clock: the last is the latest active. */
export async function storeLeads(
  deps: Pick<AppDeps, 'db'> & { clock: TestClock },
  count: number,
  fields: StoredLeadFields | ((i: number) => StoredLeadFields) = {},
): Promise<StoredLead[]> {
  const stored: StoredLead[] = [];
  for (let i = 0; i < count; i++) {
    const own = typeof fields === 'function' ? fields(i) : fields;
    stored.push(await storeLead(deps, { email: `person${i + 1}@example.com`, ...own }, i));
  }
  return stored;
}

async function storeLead(
  deps: Pick<AppDeps, 'db'> & { clock: TestClock },
  fields: StoredLeadFields,
  i: number,
): Promise<StoredLead> {
  const name = fields.name ?? `Person ${i + 1}`;
  const email = fields.email ?? `person${i + 1}@example.com`;
  const company = fields.company ?? null;
  const texts = fields.messages ?? [`Message from person ${i + 1} about a project.`];
  return writeTransaction(deps.db, async (tx) => {
    deps.clock.advance(1000);
    const first = deps.clock.now();
    let lead = await tx
      .insert(leads)
      .values({
        email,
        name,
        company,
        status: fields.status ?? 'new',
        createdAt: first,
        lastActivityAt: first,
        followUpAt: fields.followUpAt ?? null,
      })
      .returning()
      .get();
    const messages: ContactRow[] = [];
    for (const [n, message] of texts.entries()) {
      if (n > 0) deps.clock.advance(1000);
      const at = deps.clock.now();
      const row = await tx
        .insert(contacts)
        .values({
          name,
          email,
          company,
          subject: 'consulting',
          message,
          privacy: true,
          createdAt: at,
          leadId: lead.id,
        })
        .returning()
        .get();
      await tx
        .insert(leadEvents)
        .values({ leadId: lead.id, at, kind: 'message', contactId: row.id });
      messages.push(row);
    }
    lead = { ...lead, lastActivityAt: deps.clock.now() };
    await tx
      .update(leads)
      .set({ lastActivityAt: lead.lastActivityAt })
      .where(eq(leads.id, lead.id));
    return { lead, messages };
  });
}
