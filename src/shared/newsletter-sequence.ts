/**
 * The welcome sequence (docs/newsletter.md, "Welcome sequence"): up to 4 mails, each sent a
 * number of days after a subscriber confirmed. Written once for the server's PUT and the
 * admin's editor. A step's subject and body follow a newsletter's rules (newsletter.ts).
 */
import { z } from 'zod/mini';
import { newsletterBodyField, newsletterSubjectField } from './newsletter';
import type { SequenceExit } from './outbox';

export const SEQUENCE_LIMITS = { stepsMax: 4, daysMax: 60 } as const;

export const SEQUENCE_MESSAGES = {
  steps: `A welcome sequence has at most ${SEQUENCE_LIMITS.stepsMax} mails`,
  days: `Days must be a whole number from 0 to ${SEQUENCE_LIMITS.daysMax}`,
  order: 'Days must not be fewer than the mail before it: the mails go in the order shown',
  enabled: 'Enabled must be true or false',
} as const;

const daysField = z
  .number(SEQUENCE_MESSAGES.days)
  .check(
    z.int(SEQUENCE_MESSAGES.days),
    z.minimum(0, SEQUENCE_MESSAGES.days),
    z.maximum(SEQUENCE_LIMITS.daysMax, SEQUENCE_MESSAGES.days),
  );

export const sequenceStepInput = z.object({
  subject: newsletterSubjectField,
  body: newsletterBodyField,
  days: daysField,
});
export type SequenceStep = z.output<typeof sequenceStepInput>;

/**
 * The steps in the order they are sent: each step's days at least the one before it, so the
 * order the owner sees is the order a reader gets them (a later step never overtakes).
 */
const stepsField = z.array(sequenceStepInput).check(
  z.maxLength(SEQUENCE_LIMITS.stepsMax, SEQUENCE_MESSAGES.steps),
  z.superRefine((steps, ctx) => {
    steps.forEach((step, index) => {
      const before = steps[index - 1];
      if (before && step.days < before.days) {
        ctx.issues.push({
          code: 'custom',
          message: SEQUENCE_MESSAGES.order,
          path: [index, 'days'],
          input: step.days,
        });
      }
    });
  }),
);

export const sequenceInput = z.object({
  enabled: z.boolean(SEQUENCE_MESSAGES.enabled),
  steps: stepsField,
});
export type SequenceInput = z.input<typeof sequenceInput>;
export type Sequence = z.output<typeof sequenceInput>;

/** Off, with no mail: what a site has until the owner saves one. */
export const EMPTY_SEQUENCE: Sequence = { enabled: false, steps: [] };

/** Why a subscriber's sequence stopped, as the Subscribers screen says it. */
export const SEQUENCE_EXIT_WORDS: Record<SequenceExit, string> = {
  enquired: 'enquired',
  booked: 'booked a call',
  unsubscribed: 'unsubscribed',
  suppressed: 'address suppressed',
};

/**
 * A subscriber's place in the sequence in words ("Welcome: 2 of 3 sent", "Welcome: stopped,
 * enquired"), or null when there is nothing to say: no mail given yet and none stopped.
 * `steps` is how many the sequence has now; a subscriber may have had more before a step
 * was removed.
 */
export function sequenceSummary(
  sequence: { step: number; exited: SequenceExit | null },
  steps: number,
  /** The address is suppressed by a bounce (the subscriber's shown status `bounced`). */
  bounced = false,
): string | null {
  if (sequence.exited) return `Welcome: stopped, ${SEQUENCE_EXIT_WORDS[sequence.exited]}`;
  if (sequence.step === 0) return null;
  const total = Math.max(steps, sequence.step);
  // The sequence job stops it at its next step's turn (docs/newsletter.md, "Welcome
  // sequence"); no more of it will go, so that is said now.
  if (bounced && sequence.step < total) return 'Welcome: stopped, bounced';
  return `Welcome: ${sequence.step} of ${total} sent`;
}
