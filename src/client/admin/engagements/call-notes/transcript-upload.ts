/**
 * Sends a call's transcript to POST /api/leads/:id/call-notes (docs/api.md, "Call notes"): a
 * file as multipart/form-data, pasted text as JSON `{ text }`. The REST path, not tRPC: a file
 * cannot travel in the tRPC client's JSON, and a transcript may be larger than its 64 KiB.
 * A refusal's message (400, 404, 413, 415) is thrown as the error's.
 */
import type { CallNoteAdded } from '#shared/shapes/call-notes';

export interface TranscriptToSend {
  file: File | null;
  text: string;
  bookingId: number | null;
}

export async function sendTranscript(
  leadId: number,
  sent: TranscriptToSend,
): Promise<CallNoteAdded> {
  let init: RequestInit;
  if (sent.file) {
    const form = new FormData();
    form.append('file', sent.file);
    if (sent.bookingId !== null) form.append('bookingId', String(sent.bookingId));
    init = { body: form };
  } else {
    init = {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: sent.text, bookingId: sent.bookingId ?? undefined }),
    };
  }
  const response = await fetch(`/api/leads/${leadId}/call-notes`, {
    method: 'POST',
    credentials: 'same-origin',
    ...init,
  });
  const body = (await response.json().catch(() => null)) as
    | (CallNoteAdded & { message?: unknown })
    | null;
  if (!response.ok || !body?.callNote) {
    const message = typeof body?.message === 'string' ? body.message : null;
    throw new Error(message ?? `The transcript could not be added (${response.status}).`);
  }
  return body;
}
