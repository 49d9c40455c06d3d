/**
 * The labels the AI triage (or an administrator, by hand) gives a lead (docs/ai.md): `spam`
 * and `pitch` take it off the "waiting for an answer" list.
 */
export const triageLabelValues = ['genuine', 'pitch', 'spam', 'unsure'] as const;
export type TriageLabel = (typeof triageLabelValues)[number];

/** Labels whose leads wait for nobody's answer (docs/leads.md, "Attention": not in `unanswered`). */
export const NOT_WAITING_LABELS: readonly TriageLabel[] = ['spam', 'pitch'];

export const TRIAGE_REASON_MAX = 200;
/** `triage.model` of a label an administrator set by hand. */
export const MANUAL_TRIAGE = 'manual';
/** `triage.reason` of a label set by hand. */
export const MANUAL_TRIAGE_REASON = 'Changed by hand.';
export const TRIAGE_SUMMARY_MAX_LINES = 3;
