import type { ReactNode } from 'react';

/** Done, under way or waiting, and set aside: the admin's three kinds of status. */
export type BadgeTone = 'done' | 'waiting' | 'quiet';

/** Each colour pair keeps at least 4.5:1 contrast in its theme; the word carries the meaning. */
const TONES: Record<BadgeTone, string> = {
  done: 'border-green-700 bg-green-50 text-green-900 dark:border-green-400 dark:bg-green-950 dark:text-green-200',
  waiting:
    'border-amber-700 bg-amber-50 text-amber-900 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-200',
  quiet: 'border-line-strong bg-subtle text-muted',
};

/** A status as a word in a pill: readable without its colour. */
export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={`inline-block rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}
