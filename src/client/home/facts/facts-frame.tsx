import type { ReactNode } from 'react';

export const FACTS_TITLE_ID = 'ai-facts-title';

/** The section's words over the carousel: the owner's (docs/content.md), read by FactsSection. */
export interface FactsHeadings {
  eyebrow: string;
  title: string;
}

const SECTION_ID = 'ai-facts';
const SECTION_CLASS = 'border-y border-line bg-subtle py-16 sm:py-20';
const EYEBROW_CLASS = 'text-sm font-semibold tracking-wide uppercase';
const TITLE_CLASS = 'mt-2 text-3xl font-bold sm:text-4xl';

/**
 * The section around the carousel (docs/product.md, "Carousel"). The loading skeleton keeps
 * the same box, so nothing below moves when the facts arrive; the props are its words, passed
 * in rather than read from the site content's context here: the carousel's chunk importing
 * that context split React into a third script of the first load (docs/performance.md).
 */
export function FactsFrame({
  headings,
  children,
}: {
  headings: FactsHeadings;
  children: ReactNode;
}) {
  return (
    <section id={SECTION_ID} aria-labelledby={FACTS_TITLE_ID} className={SECTION_CLASS}>
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mb-8 text-center">
          <p className={`${EYEBROW_CLASS} text-brand-700 dark:text-brand-300`}>
            {headings.eyebrow}
          </p>
          <h2 id={FACTS_TITLE_ID} className={`${TITLE_CLASS} text-ink`}>
            {headings.title}
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

/**
 * A grey bar standing for one line of text in that text's styles: an inline block on the
 * text's baseline, as tall as its line, so the line box is the text's.
 */
function Bar({ className, width }: { className: string; width: string }) {
  return (
    <p className={className}>
      <span className={`inline-block ${width} animate-pulse rounded bg-line`}>&nbsp;</span>
    </p>
  );
}

/**
 * What the page shows while the facts are read: the frame's box with grey bars in place of
 * its words and a pulsing card, none of it a heading or text. The section is hidden entirely
 * when the read fails, says `success: false` or finds no facts (docs/product.md, "Loading,
 * and when it is hidden"), so neither the prerendered page nor a visitor before the answer
 * sees the section's words. The bars are a line each: an owner's title long enough to wrap
 * on a narrow screen moves what is below by its extra lines when the facts arrive.
 */
export function FactsSkeleton() {
  return (
    <div id={SECTION_ID} aria-hidden="true" data-loading="" className={SECTION_CLASS}>
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mb-8 text-center">
          <Bar className={EYEBROW_CLASS} width="w-28" />
          <Bar className={TITLE_CLASS} width="w-40" />
        </div>
        <div className="flex justify-center gap-4 overflow-hidden">
          <div
            className={`${CARD_HEIGHT} w-[88%] shrink-0 animate-pulse rounded-2xl border border-line bg-surface p-6 sm:w-[70%] lg:w-[56%]`}
          >
            <div className="h-4 w-5/6 rounded bg-line" />
            <div className="mt-4 h-4 w-4/6 rounded bg-line" />
            <div className="mt-4 h-4 w-3/6 rounded bg-line" />
          </div>
        </div>
        <div className={`mt-6 ${CONTROLS_HEIGHT}`} />
      </div>
    </div>
  );
}
