/**
 * The admin's lists of testimonials and client logos (docs/api.md, "Testimonials and client
 * logos"): 25 a page, last updated first, filtered by status and a search in any letter case.
 */
import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from '#db';
import { clientLogos, testimonials } from '#db/schema';
import { PROOF_PAGE_SIZE, type ProofStatus } from '#shared/proof';
import { clientLogoJson, testimonialJson } from './proof-json';

export interface ProofFilter {
  status?: ProofStatus | undefined;
  q?: string | undefined;
  page: number;
}

/**
 * Part of any of `columns`, in any letter case: instr() rather than LIKE, so a `%` or `_`
 * typed is matched as itself (as the entries' search).
 */
function searching(columns: SQLiteColumn[], q: string | undefined): SQL | undefined {
  if (q === undefined) return undefined;
  return or(...columns.map((column) => sql`instr(lower(${column}), lower(${q})) > 0`));
}

const offset = (page: number) => (page - 1) * PROOF_PAGE_SIZE;

export async function testimonialsPage(db: Db, filter: ProofFilter) {
  const where = and(
    filter.status === undefined ? undefined : eq(testimonials.status, filter.status),
    searching([testimonials.quote, testimonials.name, testimonials.company], filter.q),
  );
  const rows = await db
    .select()
    .from(testimonials)
    .where(where)
    // The id breaks ties: two saved in one moment keep their order from page to page.
    .orderBy(desc(testimonials.updatedAt), desc(testimonials.id))
    .limit(PROOF_PAGE_SIZE)
    .offset(offset(filter.page))
    .all();
  const total = await db.select({ n: count() }).from(testimonials).where(where).get();
  return {
    testimonials: rows.map(testimonialJson),
    total: total?.n ?? 0,
    page: filter.page,
    pageSize: PROOF_PAGE_SIZE,
  };
}

export async function clientLogosPage(db: Db, filter: ProofFilter) {
  const where = and(
    filter.status === undefined ? undefined : eq(clientLogos.status, filter.status),
    searching([clientLogos.name], filter.q),
  );
  const rows = await db
    .select()
    .from(clientLogos)
    .where(where)
    .orderBy(desc(clientLogos.updatedAt), desc(clientLogos.id))
    .limit(PROOF_PAGE_SIZE)
    .offset(offset(filter.page))
    .all();
  const total = await db.select({ n: count() }).from(clientLogos).where(where).get();
  return {
    clientLogos: rows.map(clientLogoJson),
    total: total?.n ?? 0,
    page: filter.page,
    pageSize: PROOF_PAGE_SIZE,
  };
}

/** A lead's testimonials, oldest first: part of the person's data (leads/person-data.ts). */
export async function testimonialsOfLead(db: Db, leadId: number) {
  const rows = await db
    .select()
    .from(testimonials)
    .where(eq(testimonials.leadId, leadId))
    .orderBy(testimonials.id)
    .all();
  return rows.map(testimonialJson);
}
