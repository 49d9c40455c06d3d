import { ArrowRightIcon } from '#client/ui/icons';
import { buttonClass } from '#shared/ui-styles';
import { useSiteContent } from './site-content-context';
import { useHeroOutline } from './use-hero-outline';

export function HeroSection() {
  const outlined = useHeroOutline();
  const { hero, cta, headings } = useSiteContent();
  return (
    <section
      id="home"
      aria-labelledby="hero-title"
      className="hero-backdrop relative overflow-hidden border-b border-line"
    >
      <div className="mx-auto max-w-6xl px-4 py-20 text-center sm:px-6 sm:py-28 lg:py-32">
        <p className="mx-auto inline-flex items-center gap-2 rounded-full border border-line bg-surface/70 px-4 py-1.5 text-sm font-medium text-ink">
          <span className="h-2 w-2 rounded-full bg-emerald-500" aria-hidden="true" />
          {headings.heroBadge}
        </p>
        <h1
          id="hero-title"
          className="mx-auto mt-6 max-w-4xl text-4xl leading-tight font-extrabold tracking-tight text-ink sm:text-5xl lg:text-6xl"
        >
          {hero.headlineStart}{' '}
          {/* mt-1.5: room above for the outline, which reaches 0.25rem beyond the words. When
              the headline wraps (a phone) and these words start a line, the outline's top edge
              was drawn across the line above, where it read as a stray underline. */}
          <span
            className="hero-highlight relative mt-1.5 inline-block"
            data-outline={outlined || undefined}
          >
            <span className="hero-gradient-text">{hero.headlineHighlight}</span>
            <svg
              className="hero-outline pointer-events-none absolute -inset-x-3 -inset-y-1 h-[calc(100%+0.5rem)] w-[calc(100%+1.5rem)] overflow-visible"
              aria-hidden="true"
              focusable="false"
            >
              <rect pathLength="1" fill="none" stroke="currentColor" strokeWidth="3" />
            </svg>
          </span>
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-muted sm:text-xl">{hero.intro}</p>
        <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <a href="#contact" data-event="cta_click" className={buttonClass('primary', 'lg')}>
            {cta.button}
            <ArrowRightIcon width={18} height={18} />
          </a>
          <a href="#services" className={buttonClass('secondary', 'lg')}>
            {headings.heroServicesButton}
          </a>
        </div>
      </div>
      {/* Where the first paint may happen: index.html holds rendering until the parser gets
          here (<link rel="expect" blocking="render">), so the header and the hero are never
          painted half-parsed, then moved by the rest of their markup. */}
      <span id="hero-end" hidden />
    </section>
  );
}
