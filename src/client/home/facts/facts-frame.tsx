import type { ReactNode } from 'react';
import { useSiteContent } from '../site-content-context';

export const FACTS_TITLE_ID = 'ai-facts-title';

/**
 * The section around the carousel, shared by the loading skeleton and the carousel so both
 * take exactly the same height: nothing below moves when the facts arrive.
 */
export function FactsFrame({ children, busy }: { children: ReactNode; busy?: boolean }) {
  const { headings } = useSiteContent();
  return (
    <section
      id="ai-facts"
      aria-labelledby={FACTS_TITLE_ID}
      aria-busy={busy || undefined}
      className="border-y border-line bg-subtle py-16 sm:py-20"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mb-8 text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">
            {headings.factsEyebrow}
          </p>
          <h2 id={FACTS_TITLE_ID} className="mt-2 text-3xl font-bold text-ink sm:text-4xl">
            {headings.factsTitle}
          </h2>
        </div>
        {children}
      </div>
    </section>
  );
}

/** Card height, fixed so typing, loading and long texts never change the page's layout. */
export const CARD_HEIGHT = 'h-[22rem] sm:h-80';
/** Height of the row of controls under the cards. */
export const CONTROLS_HEIGHT = 'h-12';

export function FactsSkeleton() {
  return (
    <FactsFrame busy>
      <div className="flex justify-center gap-4 overflow-hidden" aria-hidden="true">
        <div
          className={`${CARD_HEIGHT} w-[88%] shrink-0 animate-pulse rounded-2xl border border-line bg-surface p-6 sm:w-[70%] lg:w-[56%]`}
        >
          <div className="h-4 w-5/6 rounded bg-line" />
          <div className="mt-4 h-4 w-4/6 rounded bg-line" />
          <div className="mt-4 h-4 w-3/6 rounded bg-line" />
        </div>
      </div>
      <div className={`mt-6 ${CONTROLS_HEIGHT}`} />
      <p className="sr-only">Loading AI facts…</p>
    </FactsFrame>
  );
}
