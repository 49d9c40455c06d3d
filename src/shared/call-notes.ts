/**
 * Call notes (docs/engagements.md, "Call notes"): a call's transcript kept on its lead, with
 * the notes and the follow-up draft the AI writes from it. The limits and messages are written
 * once here for the server and the admin's "Add transcript" dialog.
 */

export const CALL_NOTE_LIMITS = {
  /** A transcript's bytes of UTF-8, as sent (file or text): 200 KB (KiB, as the API's 64). */
  transcriptMaxBytes: 200 * 1024,
  /** The names a transcript file may end with; a name with no extension is read as text. */
  extensions: ['vtt', 'srt', 'txt'],
  /** Decisions and actions kept from one answer of the model. */
  itemsMax: 30,
  /** Characters of the summary, a decision, an action's words, its owner or its date. */
  summaryMax: 4_000,
  itemMax: 500,
} as const;

/** What the AI did for a note: wrote it, was off, had no tokens left, or failed (kept anyway). */
export const callNoteAiValues = ['used', 'off', 'limit_reached', 'failed'] as const;
export type CallNoteAi = (typeof callNoteAiValues)[number];

export const CALL_NOTE_MESSAGES = {
  noTranscript: 'Give the transcript as a file or as text.',
  empty: 'The transcript is empty.',
  notUtf8: 'The transcript must be UTF-8 text.',
  tooLarge: 'The transcript is over 200 KB.',
  type: 'A transcript is a .vtt, .srt or .txt file.',
  bookingNotFound: 'This lead has no such call.',
  /** The answer's notice, by what the AI did (none when it wrote the note and the draft). */
  off: 'AI is off: the transcript is kept, with no notes and no draft.',
  limit_reached:
    'The AI limit is reached for now: the transcript is kept, with no notes and no draft.',
  failed: 'The AI could not write the notes: the transcript is kept, with no notes and no draft.',
  draftsFull:
    'The lead keeps 20 drafts already: the notes are kept, the follow-up draft was not. Dismiss a draft and add the transcript again for one.',
} as const;
