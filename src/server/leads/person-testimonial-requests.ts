/**
 * A person's testimonial requests in their data (docs/leads.md, "A person's data";
 * docs/engagements.md, "Testimonials"): the words suggested, how each ended and its
 * testimonial, without the links' hashes; erased with the lead. Here, in leads/, since the
 * export and the erasure are the lead's (engagements/ builds on leads/, not the other way).
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '#db';
import { testimonialRequests } from '#db/schema';

export async function testimonialRequestsOfPerson(db: Db, leadId: number) {
  const rows = await db
    .select()
    .from(testimonialRequests)
    .where(eq(testimonialRequests.leadId, leadId))
    .orderBy(asc(testimonialRequests.id))
    .all();
  return rows.map((row) => ({
    suggestedText: row.suggestedText,
    suggestedByAi: row.suggestedByAi,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    testimonialId: row.testimonialId,
  }));
}

/** Inside the lead's erasure: deleted explicitly (a libSQL server may not enforce foreign keys). */
export async function eraseTestimonialRequestsOf(tx: Db, leadId: number): Promise<void> {
  await tx.delete(testimonialRequests).where(eq(testimonialRequests.leadId, leadId));
}
