/**
 * The welcome sequence's one row (docs/newsletter.md, "Welcome sequence"): read by the admin's
 * screen and the sequence's job, written by the admin's save.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '#db';
import { newsletterSequence } from '#db/schema';
import { EMPTY_SEQUENCE, type Sequence, type SequenceStep } from '#shared/newsletter-sequence';

const SEQUENCE_ROW = 1;

export interface StoredSequence extends Sequence {
  /** When it was first saved on; null until then. */
  startedAt: Date | null;
}

/** The sequence as saved, or off with no step before the first save. */
export async function readSequence(db: Db): Promise<StoredSequence> {
  const row = await db
    .select()
    .from(newsletterSequence)
    .where(eq(newsletterSequence.id, SEQUENCE_ROW))
    .get();
  if (!row) return { ...EMPTY_SEQUENCE, startedAt: null };
  // Written only by saveSequence from checked input.
  const steps = JSON.parse(row.steps) as SequenceStep[];
  return { enabled: row.enabled, steps, startedAt: row.startedAt };
}

/** Inside the caller's write transaction; the first save that turns it on starts it. */
export async function saveSequence(tx: Db, sequence: Sequence, now: Date): Promise<void> {
  const before = await readSequence(tx);
  const values = {
    enabled: sequence.enabled,
    steps: JSON.stringify(sequence.steps),
    startedAt: before.startedAt ?? (sequence.enabled ? now : null),
    updatedAt: now,
  };
  await tx
    .insert(newsletterSequence)
    .values({ id: SEQUENCE_ROW, ...values })
    .onConflictDoUpdate({ target: newsletterSequence.id, set: values });
}

/** The shape the API answers (docs/api.md): what was saved, without the start time. */
export function sequenceAnswer({ enabled, steps }: Sequence): Sequence {
  return { enabled, steps: steps.map(({ subject, body, days }) => ({ subject, body, days })) };
}
