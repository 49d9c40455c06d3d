/**
 * A person's call notes in their data (./person-data.ts; docs/engagements.md, "Call notes"):
 * the transcripts of their calls and the notes written from them, read for the export and
 * deleted with them. Read from the table here, as the other records of a person are: the
 * notes' own code (engagements/call-notes/) builds on leads, not the other way round.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '#db';
import { callNotes } from '#db/schema';

/** Their call notes as stored, oldest first: each JSON column as its value. */
export async function callNotesOfPerson(db: Db, leadId: number) {
  const rows = await db
    .select()
    .from(callNotes)
    .where(eq(callNotes.leadId, leadId))
    .orderBy(asc(callNotes.id))
    .all();
  return rows.map((row) => ({
    createdAt: row.createdAt.toISOString(),
    transcript: row.transcript,
    summary: row.summary,
    decisions: JSON.parse(row.decisions) as unknown,
    actions: JSON.parse(row.actions) as unknown,
    model: row.model,
  }));
}

/** Erasing the person: every call note of the lead (explicitly, as a libSQL server may not cascade). */
export async function eraseCallNotesOf(tx: Db, leadId: number): Promise<void> {
  await tx.delete(callNotes).where(eq(callNotes.leadId, leadId));
}
