/**
 * The welcome sequence as its editor holds it: days as typed (text), checked as typed with
 * the one schema the server applies (shared/newsletter-sequence.ts), each message keyed by
 * the field's path as the server names it (`steps.1.subject`).
 */
import { sequenceInput, type Sequence } from '#shared/newsletter-sequence';

export interface StepDraft {
  subject: string;
  body: string;
  days: string;
}

export interface SequenceDraft {
  enabled: boolean;
  steps: StepDraft[];
}

export const toDraft = (sequence: Sequence): SequenceDraft => ({
  enabled: sequence.enabled,
  steps: sequence.steps.map((step) => ({ ...step, days: String(step.days) })),
});

/** A new step: the day after the last one's, so the order rule holds as it is added. */
export function newStep(steps: StepDraft[]): StepDraft {
  const last = Number(steps.at(-1)?.days ?? -1);
  const days = Number.isInteger(last) ? Math.min(last + 1, 60) : 0;
  return {
    subject: steps.length === 0 ? 'Welcome' : `Mail ${steps.length + 1}`,
    body: 'Write this mail here, in Markdown: **bold**, *italic*, [links](https://example.com).\n',
    days: String(days),
  };
}

export type SequenceErrors = Record<string, string>;

/** Blank or not digits stays text, so the schema refuses it with the days' own message. */
const daysValue = (typed: string): number | string =>
  /^\s*\d+\s*$/.test(typed) ? Number(typed) : typed;

export function checkSequence(
  draft: SequenceDraft,
): { ok: true; data: Sequence } | { ok: false; errors: SequenceErrors } {
  const result = sequenceInput.safeParse({
    enabled: draft.enabled,
    steps: draft.steps.map((step) => ({ ...step, days: daysValue(step.days) })),
  });
  if (result.success) return { ok: true, data: result.data };
  const errors: SequenceErrors = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return { ok: false, errors };
}
