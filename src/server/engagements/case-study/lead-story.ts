/**
 * A lead's story as the model reads it (docs/engagements.md, "Case-study draft"): the timeline
 * (newest first, bounded), the accepted proposal's scope, the call notes' summaries and
 * decisions. Amounts (the proposal's total and prices) only when the owner asks for them. The
 * testimonial request's suggested words read the same story, without amounts.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '#db';
import { callNotes, proposals } from '#db/schema';
import { formatMoney, type ProposalItem } from '#shared/proposals';
import { conversationItem, newestWithin } from '#server/leads/drafts/reply-draft';
import { timelineOf } from '#server/leads/lead-query';

/** Characters of the conversation and of the notes sent, newest first. */
const CAPS = { conversation: 10_000, notes: 6_000 } as const;

export interface LeadStory {
  lead: { name: string; company: string | null };
  conversation: unknown[];
  proposal: {
    title: string;
    summary: string;
    items: { description: string; quantity: number; price?: string }[];
    total?: string;
  } | null;
  callNotes: { summary: string; decisions: string[] }[];
}

/** The accepted proposal's scope, newest first; its prices and total only with `amounts`. */
async function acceptedScope(db: Db, leadId: number, amounts: boolean) {
  const row = await db
    .select()
    .from(proposals)
    .where(and(eq(proposals.leadId, leadId), eq(proposals.status, 'accepted')))
    .orderBy(desc(proposals.decidedAt))
    .get();
  if (!row) return null;
  const items = (JSON.parse(row.items) as ProposalItem[]).map((item) => ({
    description: item.description,
    quantity: item.quantity,
    ...(amounts ? { price: formatMoney(item.unitAmount, row.currency) } : {}),
  }));
  return {
    title: row.title,
    summary: row.summary,
    items,
    ...(amounts ? { total: formatMoney(row.total, row.currency) } : {}),
  };
}

export async function leadStory(
  db: Db,
  lead: { id: number; name: string; company: string | null },
  amounts: boolean,
): Promise<LeadStory> {
  const conversation = (await timelineOf(db, lead.id))
    .reverse()
    .map(conversationItem)
    .filter((item) => item !== null);
  const notes = await db
    .select({ summary: callNotes.summary, decisions: callNotes.decisions })
    .from(callNotes)
    .where(eq(callNotes.leadId, lead.id))
    .orderBy(desc(callNotes.id))
    .all();
  return {
    lead: { name: lead.name, company: lead.company },
    conversation: newestWithin(conversation, CAPS.conversation),
    proposal: await acceptedScope(db, lead.id, amounts),
    callNotes: newestWithin(
      notes.map((note) => ({
        summary: note.summary,
        decisions: JSON.parse(note.decisions) as string[],
      })),
      CAPS.notes,
    ),
  };
}
