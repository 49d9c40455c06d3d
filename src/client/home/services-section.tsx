import type { ComponentType, SVGProps } from 'react';
import { ArrowRightIcon, CheckIcon, CodeIcon, HandshakeIcon, SearchIcon } from '#client/ui/icons';
import { focusRing, touchTarget } from '#shared/ui-styles';
import { SectionHeading } from './section-heading';
import { useSiteContent } from './site-content-context';

const ICONS: ComponentType<SVGProps<SVGSVGElement>>[] = [CodeIcon, SearchIcon, HandshakeIcon];

export function ServicesSection() {
  const { services, headings } = useSiteContent();
  return (
    <section id="services" aria-labelledby="services-title" className="bg-subtle py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="services-title" eyebrow="Services" title={headings.servicesTitle}>
          {headings.servicesIntro}
        </SectionHeading>
        <ul className="mt-12 grid gap-6 lg:grid-cols-3">
          {services.map((service, i) => {
            const Icon = ICONS[i % ICONS.length]!;
            return (
              <li
                key={i}
                data-reveal
                data-reveal-index={i}
                className="flex flex-col rounded-2xl border border-line bg-surface p-7 shadow-sm"
              >
                <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-brand-700 text-white dark:bg-brand-400 dark:text-slate-950">
                  <Icon />
                </span>
                <h3 className="mt-5 text-xl font-semibold text-ink">{service.title}</h3>
                <p className="mt-3 text-muted">{service.description}</p>
                <ul className="mt-5 flex flex-1 flex-col gap-3">
                  {service.features.map((feature) => (
                    <li key={feature} className="flex gap-3 text-ink">
                      <CheckIcon
                        width={20}
                        height={20}
                        className="mt-0.5 shrink-0 text-emerald-600 dark:text-emerald-400"
                      />
                      <span>{feature}</span>
                    </li>
                  ))}
                </ul>
                <a
                  href="#contact"
                  className={`mt-6 inline-flex w-fit items-center gap-1.5 rounded font-semibold ${touchTarget} text-brand-700 hover:text-brand-900 dark:text-brand-300 dark:hover:text-brand-200 ${focusRing}`}
                >
                  Learn more<span className="sr-only"> about {service.title}</span>
                  <ArrowRightIcon width={16} height={16} />
                </a>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
