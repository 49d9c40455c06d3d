/**
 * The answers of the `callNotes` procedures (docs/api.md, "Call notes"), as the `.output(...)`
 * schema of each: a note as the admin reads it, and what adding a transcript answers.
 */
import { z } from 'zod/mini';
import { callNoteAiValues } from '../call-notes';
import { leadDraftOutput } from './leads';

/** One action of a call; `proposed`: its owner or date is the AI's suggestion, not the call's. */
export const callNoteActionOutput = z.strictObject({
  what: z.string(),
  owner: z.optional(z.string()),
  due: z.optional(z.string()),
  proposed: z.boolean(),
});
export type CallNoteAction = z.infer<typeof callNoteActionOutput>;

export const callNoteOutput = z.strictObject({
  id: z.number(),
  leadId: z.number(),
  /** The call it was, when named. */
  bookingId: z.nullable(z.number()),
  /** Speaker-labelled plain lines (timestamps, cue numbers and styling taken out). */
  transcript: z.string(),
  /** Empty when the AI did not write the note. */
  summary: z.string(),
  decisions: z.array(z.string()),
  actions: z.array(callNoteActionOutput),
  /** The model that wrote the note; null without AI. */
  model: z.nullable(z.string()),
  /** The follow-up draft written with it, while it is kept. */
  draftId: z.nullable(z.number()),
  createdBy: z.nullable(z.string()),
  createdAt: z.string(),
});
export type CallNote = z.infer<typeof callNoteOutput>;

/** A call of the lead, for "Add transcript". */
export const leadCallOutput = z.strictObject({
  id: z.number(),
  start: z.string(),
  status: z.string(),
});
export type LeadCall = z.infer<typeof leadCallOutput>;

export const outputs = {
  add: z.strictObject({
    callNote: callNoteOutput,
    draft: z.optional(leadDraftOutput),
    ai: z.enum(callNoteAiValues),
    /** Why there is no note or no draft, in words for the owner. */
    notice: z.optional(z.string()),
  }),
  list: z.strictObject({
    calls: z.array(leadCallOutput),
    callNotes: z.array(callNoteOutput),
  }),
};
export type CallNoteAdded = z.infer<typeof outputs.add>;
