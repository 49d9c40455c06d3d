/**
 * Call notes in a person's records (docs/engagements.md, "Call notes"; docs/leads.md, "A
 * person's data"): the export carries them, erasing the lead removes them, and the table's
 * foreign keys hold on their own (a lead deleted takes its notes; a call or a draft deleted
 * leaves the note without it).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import { bookings, callNotes, leads } from '#db/schema';
import {
  VTT,
  VTT_PLAIN,
  addTranscript,
  callNotesApp,
  utf8,
} from '#tests/support/call-notes-fixtures';

describe('call notes in the records', () => {
  it('are in the lead’s export and go when the lead is erased', async () => {
    const { app, deps, cookie, callOf } = await callNotesApp(null);
    await addTranscript(app, cookie, 1, {
      file: { bytes: utf8(VTT), name: 'call.vtt' },
      bookingId: callOf[0],
    });
    await addTranscript(app, cookie, 2, { json: { text: 'Other: not theirs' } });

    const exported = await app.request('/api/leads/1/export', { headers: { cookie } });
    const data = (await exported.json()) as { callNotes: unknown };
    expect(data.callNotes).toEqual([
      {
        createdAt: expect.any(String) as string,
        transcript: VTT_PLAIN,
        summary: '',
        decisions: [],
        actions: [],
        model: null,
      },
    ]);

    const erased = await app.request('/api/leads/1', { method: 'DELETE', headers: { cookie } });
    expect(erased.status).toBe(200);
    const left = await deps.db.select().from(callNotes).all();
    expect(left.map((note) => [note.leadId, note.transcript])).toEqual([[2, 'Other: not theirs']]);
  });

  it('hold by their foreign keys: a deleted lead takes its notes, a deleted call leaves the note', async () => {
    const { app, deps, cookie, callOf } = await callNotesApp(null);
    await addTranscript(app, cookie, 1, { json: { text: 'Ana: one', bookingId: callOf[0] } });
    await addTranscript(app, cookie, 2, { json: { text: 'Ana: two', bookingId: callOf[1] } });

    await writeTransaction(deps.db, (tx) => tx.delete(bookings).where(eq(bookings.id, callOf[1]!)));
    await writeTransaction(deps.db, (tx) => tx.delete(leads).where(eq(leads.id, 1)));

    const left = await deps.db.select().from(callNotes).all();
    expect(left.map((note) => [note.leadId, note.bookingId, note.transcript])).toEqual([
      [2, null, 'Ana: two'],
    ]);
  });
});
