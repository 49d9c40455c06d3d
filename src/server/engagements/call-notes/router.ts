/**
 * Call notes from the admin (docs/engagements.md, "Call notes"; docs/api.md): a transcript
 * added to a lead, as a file or as text, and the lead's notes and calls. Mounted as the
 * `callNotes` router (app/app-router.ts); MCP's `call_notes_add` calls `add`.
 */
import { TRPCError } from '@trpc/server';
import { z } from 'zod/mini';
import { CALL_NOTE_LIMITS, CALL_NOTE_MESSAGES as M } from '#shared/call-notes';
import { outputs } from '#shared/shapes/call-notes';
import { idField, idInput } from '#shared/validation';
import type { UploadedFile } from '#server/http/rest-meta';
import { router } from '#server/http/trpc';
import { adminProcedure } from '#server/identity/sessions/admin-procedure';
import { leadById } from '#server/leads/lead-query';
import { LEAD_MESSAGES } from '#shared/lead-pipeline';
import { addCallNote } from './add-call-note';
import { callNotesOfLead, callsOfLead } from './call-note-store';
import {
  assertText,
  assertTranscriptName,
  assertTranscriptSize,
  decodeTranscript,
  plainTranscript,
} from './transcript';

/**
 * The body a 200 KB transcript may take, over which it is refused before it is read (413): as
 * JSON its line ends and quotes are escaped (two bytes each, at most double), plus the form.
 */
export const CALL_NOTE_BODY_BYTES = 2 * CALL_NOTE_LIMITS.transcriptMaxBytes + 16 * 1024;

const transcriptFile = z.custom<UploadedFile>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    'bytes' in value &&
    value.bytes instanceof Uint8Array,
  M.noTranscript,
);

export const callNoteAddInput = z.object({
  id: idField,
  /** The transcript as text (JSON `{ text }`, or a form's field: a file sent under it is the file). */
  text: z.optional(z.union([z.string(), transcriptFile], M.noTranscript)),
  /** The transcript as a .vtt, .srt or .txt file (multipart `file`). */
  file: z.optional(transcriptFile),
  /** The lead's call it was (null, or a form's empty choice, is none). */
  bookingId: z.optional(z.nullable(z.union([idField, z.literal('')]))),
});

/** The transcript as kept, from the file or the text: 413, 415, then 400 (not UTF-8, empty). */
function transcriptOf(input: { text?: string | UploadedFile; file?: UploadedFile }): string {
  const file = input.file ?? (typeof input.text === 'object' ? input.text : undefined);
  if (file) {
    assertTranscriptName(file.name);
    assertTranscriptSize(file.bytes.byteLength);
    return plainTranscript(decodeTranscript(file.bytes));
  }
  if (typeof input.text !== 'string') {
    throw new TRPCError({ code: 'BAD_REQUEST', message: M.noTranscript });
  }
  assertTranscriptSize(Buffer.byteLength(input.text, 'utf8'));
  assertText(input.text);
  return plainTranscript(input.text);
}

/** Spread into the `callNotes` router; MCP's tools take `add` alone (mcp/procedures.ts). */
export const callNoteProcedures = {
  /**
   * POST /api/leads/:id/call-notes: 201 `{ callNote, draft?, ai, notice? }`. The transcript is
   * kept whatever the AI does; with AI on, the notes and a follow-up draft (never sent).
   */
  add: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/leads/:id/call-notes',
        status: 201,
        body: 'multipart',
        maxBodyBytes: CALL_NOTE_BODY_BYTES,
        answer: 'spread',
        summary: 'Add a call transcript to a lead: its notes and a follow-up draft',
      },
    })
    .input(callNoteAddInput)
    .output(outputs.add)
    .mutation(({ ctx, input }) => {
      const transcript = transcriptOf(input);
      const bookingId = input.bookingId === '' ? undefined : (input.bookingId ?? undefined);
      return addCallNote(ctx, { leadId: input.id, transcript, bookingId });
    }),

  /** GET /api/leads/:id/call-notes: the lead's calls and its notes, newest first. */
  list: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/leads/:id/call-notes', answer: 'spread' } })
    .input(idInput)
    .output(outputs.list)
    .query(async ({ ctx, input }) => {
      if (!(await leadById(ctx.db, input.id))) {
        throw new TRPCError({ code: 'NOT_FOUND', message: LEAD_MESSAGES.notFound });
      }
      return {
        calls: await callsOfLead(ctx.db, input.id),
        callNotes: await callNotesOfLead(ctx.db, input.id),
      };
    }),
};

export const callNotesRouter = router(callNoteProcedures);
