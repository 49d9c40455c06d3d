/**
 * The suppression list's reads for the admin (docs/mail.md, "Suppression"): a page of it,
 * searched by part of the address, newest first; one entry; and the words an audit entry
 * names an address with. Writing to the list is mail/suppressions/suppression.ts's.
 */
import { count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '#db';
import { leads, subscribers, suppressions } from '#db/schema';
import type { SuppressionEntry } from '#shared/shapes/suppressions';

type SuppressionRow = typeof suppressions.$inferSelect;

export function suppressionJson(row: SuppressionRow): SuppressionEntry {
  return { email: row.email, reason: row.reason, detail: row.detail, at: row.at.toISOString() };
}

/**
 * Part of the address: instr() rather than LIKE, so a `%` or `_` typed into the search is
 * matched as itself. Stored addresses are lower case.
 */
function searching(q: string | undefined) {
  return q === undefined ? undefined : sql`instr(${suppressions.email}, lower(${q})) > 0`;
}

export async function suppressionsPage(
  db: Db,
  filter: { q?: string | undefined; page: number },
  size: number,
): Promise<{ rows: SuppressionRow[]; total: number }> {
  const rows = await db
    .select()
    .from(suppressions)
    .where(searching(filter.q))
    // The address breaks ties: two entries of one moment keep their order from page to page.
    .orderBy(desc(suppressions.at), suppressions.email)
    .limit(size)
    .offset((filter.page - 1) * size)
    .all();
  const total = await db.select({ n: count() }).from(suppressions).where(searching(filter.q)).get();
  return { rows, total: total?.n ?? 0 };
}

export async function suppressionOfEmail(
  db: Db,
  email: string,
): Promise<SuppressionRow | undefined> {
  return await db
    .select()
    .from(suppressions)
    .where(eq(suppressions.email, email.toLowerCase()))
    .get();
}

/**
 * How the audit log names a suppressed address: the log keeps no visitor's address
 * (docs/accounts.md, "Never recorded"), so a subscriber or a lead is named by id, any other
 * address by its domain alone.
 */
export async function auditTargetOf(db: Db, email: string): Promise<string> {
  const lower = email.toLowerCase();
  const subscriber = await db
    .select({ id: subscribers.id })
    .from(subscribers)
    .where(sql`lower(${subscribers.email}) = ${lower}`)
    .get();
  if (subscriber) return `subscriber ${subscriber.id}`;
  const lead = await db
    .select({ id: leads.id })
    .from(leads)
    .where(sql`lower(${leads.email}) = ${lower}`)
    .get();
  if (lead) return `lead ${lead.id}`;
  return `an address at ${lower.slice(lower.lastIndexOf('@') + 1)}`;
}
