import type { ComponentType, SVGProps } from 'react';
import { CpuIcon, PuzzleIcon, TrendingUpIcon } from '#client/ui/icons';
import { useSiteContent } from './site-content-context';

const ICONS: ComponentType<SVGProps<SVGSVGElement>>[] = [CpuIcon, PuzzleIcon, TrendingUpIcon];

/** The three-item value block: Expert AI Implementation, Custom AI Solutions, Impact. */
export function ValueSection() {
  const { valueItems, headings } = useSiteContent();
  return (
    <section aria-labelledby="value-title" className="py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id="value-title" className="sr-only">
          {headings.valueTitle}
        </h2>
        <ul className="grid gap-6 md:grid-cols-3">
          {valueItems.map((item, i) => {
            const Icon = ICONS[i % ICONS.length]!;
            return (
              <li
                key={i}
                data-reveal
                data-reveal-index={i}
                className="rounded-2xl border border-line bg-surface p-6 shadow-sm"
              >
                <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-brand-100 text-brand-800 dark:bg-brand-900/60 dark:text-brand-200">
                  <Icon />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-ink">{item.title}</h3>
                <p className="mt-2 text-muted">{item.description}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
