import { ArrowRightIcon } from '#client/ui/icons';
import { buttonClass } from '#shared/ui-styles';
import { useSiteContent } from './site-content-context';

export function CtaSection() {
  const { cta } = useSiteContent();
  return (
    <section aria-labelledby="cta-title" className="px-4 pb-16 sm:px-6 sm:pb-24">
      <div
        data-reveal
        className="mx-auto max-w-6xl rounded-3xl bg-gradient-to-br from-brand-700 to-indigo-900 px-6 py-14 text-center shadow-xl sm:px-12"
      >
        <h2 id="cta-title" className="mx-auto max-w-3xl text-3xl font-bold text-white sm:text-4xl">
          {cta.title}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-indigo-100">{cta.text}</p>
        <a href="#contact" data-event="cta_click" className={buttonClass('inverse', 'lg', 'mt-8')}>
          {cta.button}
          <ArrowRightIcon width={18} height={18} />
        </a>
      </div>
    </section>
  );
}
