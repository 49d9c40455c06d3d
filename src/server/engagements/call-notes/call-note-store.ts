/**
 * Call notes as stored (`call_notes`, docs/engagements.md "Call notes"): the one writer, the
 * lead's notes and calls as the admin reads them, and a call found only by (lead, id).
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '#db';
import { bookings, callNotes } from '#db/schema';
import type { CallNote, CallNoteAction, LeadCall } from '#shared/shapes/call-notes';

type CallNoteRow = typeof callNotes.$inferSelect;

/** A JSON column read back; a value of another shape (never written so) reads as empty. */
function jsonList<T>(text: string): T[] {
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? (value as T[]) : [];
}

export function callNoteJson(row: CallNoteRow): CallNote {
  return {
    id: row.id,
    leadId: row.leadId,
    bookingId: row.bookingId,
    transcript: row.transcript,
    summary: row.summary,
    decisions: jsonList<string>(row.decisions),
    actions: jsonList<CallNoteAction>(row.actions),
    model: row.model,
    draftId: row.draftId,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Keeps a note, inside the caller's write transaction. */
export async function insertCallNote(
  tx: Db,
  note: {
    leadId: number;
    bookingId: number | null;
    transcript: string;
    summary: string;
    decisions: string[];
    actions: CallNoteAction[];
    model: string | null;
    draftId: number | null;
    createdBy: string;
    createdAt: Date;
  },
): Promise<CallNote> {
  const row = await tx
    .insert(callNotes)
    .values({
      ...note,
      decisions: JSON.stringify(note.decisions),
      actions: JSON.stringify(note.actions),
    })
    .returning()
    .get();
  return callNoteJson(row);
}

/** The lead's notes, newest first. */
export async function callNotesOfLead(db: Db, leadId: number): Promise<CallNote[]> {
  const rows = await db
    .select()
    .from(callNotes)
    .where(eq(callNotes.leadId, leadId))
    .orderBy(desc(callNotes.id))
    .all();
  return rows.map(callNoteJson);
}

/** The lead's calls, by their start: what a transcript may be added to. */
export async function callsOfLead(db: Db, leadId: number): Promise<LeadCall[]> {
  const rows = await db
    .select({ id: bookings.id, start: bookings.start, status: bookings.status })
    .from(bookings)
    .where(eq(bookings.leadId, leadId))
    .orderBy(asc(bookings.start), asc(bookings.id))
    .all();
  return rows.map((row) => ({ ...row, start: row.start.toISOString() }));
}

/** The lead's call of this id; another lead's call is not found (404, never its content). */
export function callOfLead(db: Db, leadId: number, bookingId: number) {
  return db
    .select({ id: bookings.id, start: bookings.start })
    .from(bookings)
    .where(and(eq(bookings.leadId, leadId), eq(bookings.id, bookingId)))
    .get();
}
