import { createIsland } from '#client/lib/island';
import { LinkedInIcon } from '#client/ui/icons';
import { Logo } from '#client/ui/logo';
import { focusRing, touchTarget } from '#shared/ui-styles';
import { LEGAL_PAGES } from '#shared/site-content-basics';
import { ENTRY_KIND_NAMES, ENTRY_LIST_PATHS } from '#shared/entry-paths';
import type { EntryKind } from '#shared/entry-values';
import { sectionHref } from './section-links';
import { useSiteContent } from './site-content-context';
import { COPYRIGHT_YEAR_ID, useCurrentYear } from './use-current-year';

/** The signup's island: its element's id, and the name its code load is recorded under. */
export const NEWSLETTER_ISLAND = 'newsletter-signup';

const NewsletterIsland = createIsland(NEWSLETTER_ISLAND, () => import('./newsletter-form'), {
  fallback: <div className="h-[8.75rem]" />,
});

const headingClass = 'text-sm font-semibold tracking-wide text-ink uppercase';
/**
 * The box of every footer entry, a link or a legal page's plain name: the same text size and,
 * on a phone, the same 44 px touch height, so plain names sit in the links' rhythm.
 */
export const footerEntryClass = `rounded text-sm text-muted ${touchTarget}`;
const linkClass = `${footerEntryClass} transition-colors hover:text-ink ${focusRing}`;
/**
 * A legal page without text: in the links' box, but in italics and with the text's cursor, so
 * it does not pass for a link that does nothing (docs/content.md, "Legal pages").
 */
const plainEntryClass = `${footerEntryClass} cursor-default italic`;

/**
 * Site footer (docs/product.md, "Header and footer"), with the newsletter signup. `lists`: the
 * entry lists that have something published, linked under Company (docs/content.md, "On the
 * home page"); none on a fresh site, whose page stays as it was.
 */
export function SiteFooter({ onHome, lists = [] }: { onHome: boolean; lists?: EntryKind[] }) {
  const year = useCurrentYear();
  const {
    company,
    contact: contactDetails,
    footerServices,
    legal,
    media,
    headings,
  } = useSiteContent();
  return (
    <footer className="border-t border-line bg-subtle">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1.4fr]">
        <div className="flex flex-col gap-4">
          <Logo name={company.name} shortName={company.shortName} image={media?.logo} />
          <p className="max-w-xs text-sm text-muted">{company.tagline}</p>
          <a
            href={contactDetails.profileUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={`inline-flex w-fit items-center gap-2 ${linkClass}`}
          >
            <LinkedInIcon width={18} height={18} />
            {contactDetails.profileName}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </div>
        <nav aria-label="Services">
          <h2 className={headingClass}>Services</h2>
          <ul className="mt-4 flex flex-col gap-2.5">
            {footerServices.map((name, i) => (
              <li key={i}>
                <a href={sectionHref('services', onHome)} className={linkClass}>
                  {name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex flex-col gap-8">
          <nav aria-label="Company">
            <h2 className={headingClass}>Company</h2>
            <ul className="mt-4 flex flex-col gap-2.5">
              <li>
                <a href={sectionHref('about', onHome)} className={linkClass}>
                  About Us
                </a>
              </li>
              {lists.map((kind) => (
                <li key={kind}>
                  <a href={ENTRY_LIST_PATHS[kind]} className={linkClass}>
                    {ENTRY_KIND_NAMES[kind].plural}
                  </a>
                </li>
              ))}
              <li>
                <a href={sectionHref('contact', onHome)} className={linkClass}>
                  Contact
                </a>
              </li>
              <li>
                <a href="/admin/login" className={linkClass}>
                  Admin Area
                </a>
              </li>
            </ul>
          </nav>
          <div>
            <h2 className={headingClass}>Legal</h2>
            <ul className="mt-4 flex flex-col gap-2.5">
              {LEGAL_PAGES.map((page) => (
                <li key={page.key}>
                  {/* A page without text does not exist: its entry stays plain text. */}
                  {legal[page.key].trim() ? (
                    <a href={page.path} className={linkClass}>
                      {page.label}
                    </a>
                  ) : (
                    <span className={plainEntryClass}>{page.label}</span>
                  )}
                </li>
              ))}
            </ul>
          </div>
        </div>
        <section aria-labelledby="newsletter-title">
          <h2 id="newsletter-title" className={headingClass}>
            Stay Updated
          </h2>
          <p className="mt-4 mb-4 text-sm text-muted">{headings.newsletterText}</p>
          <NewsletterIsland />
        </section>
      </div>
      <div className="border-t border-line">
        <p className="mx-auto max-w-6xl px-4 py-6 text-center text-sm text-muted sm:px-6">
          © <span id={COPYRIGHT_YEAR_ID}>{year}</span> {company.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
