/**
 * What the site could not do by itself on a lead's invoices (a deposit invoice left a draft, a
 * refund not credited), said on the lead's timeline as a note for the owner, in the caller's
 * write transaction. One writer for deposit-invoice.ts and deposit-refund.ts.
 */
import type { Db } from '#db';
import { leadEvents } from '#db/schema';

export async function noteOnLead(
  tx: Db,
  about: { leadId: number | null; proposalId: number | null },
  now: Date,
  text: string,
): Promise<void> {
  if (about.leadId === null) return;
  await tx.insert(leadEvents).values({
    leadId: about.leadId,
    at: now,
    kind: 'note',
    actor: null,
    text,
    proposalId: about.proposalId,
  });
}
