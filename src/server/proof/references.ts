/**
 * A testimonial's links (docs/api.md, "Testimonials and client logos"): the case study or
 * insight it belongs to and the lead it came from must exist when given, else 400 naming the
 * field. Read inside the write that stores the link.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '#db';
import { entries, leads } from '#db/schema';
import { PROOF_MESSAGES } from '#shared/proof';
import { FieldInvalid } from '#server/platform/errors';

export async function assertLinksExist(
  tx: Db,
  links: { entryId?: number | null | undefined; leadId?: number | null | undefined },
): Promise<void> {
  if (typeof links.entryId === 'number') {
    const entry = await tx
      .select({ id: entries.id })
      .from(entries)
      .where(eq(entries.id, links.entryId))
      .get();
    if (!entry) throw new FieldInvalid(PROOF_MESSAGES.entryUnknown, 'entryId');
  }
  if (typeof links.leadId === 'number') {
    const lead = await tx
      .select({ id: leads.id })
      .from(leads)
      .where(eq(leads.id, links.leadId))
      .get();
    if (!lead) throw new FieldInvalid(PROOF_MESSAGES.leadUnknown, 'leadId');
  }
}
