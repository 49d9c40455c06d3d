import { Link } from '@tanstack/react-router';
import { buttonClass } from '#shared/ui-styles';

/** As the admin's own navigation: quiet links, the current screen's filled. */
const linkClasses = buttonClass(
  'ghost',
  'sm',
  'aria-[current=page]:bg-line aria-[current=page]:text-ink',
);

/**
 * The parts of Content, each its own screen (docs/admin-guide.md): shown at the top of each,
 * so the owner moves between them without going back to the main navigation. One list: a new
 * part is one more row. "Site texts" is current on its own screen only; each other part also
 * on its editors (a child address).
 */
const SECTIONS = [
  { to: '/admin/content', label: 'Site texts', exact: true },
  { to: '/admin/content/case-studies', label: 'Case studies', exact: false },
  { to: '/admin/content/insights', label: 'Insights', exact: false },
  { to: '/admin/testimonials', label: 'Testimonials', exact: false },
  { to: '/admin/client-logos', label: 'Client logos', exact: false },
] as const;

/** The screens outside `/admin/content` that are parts of Content (the admin's nav marks it). */
export const CONTENT_PARTS_ELSEWHERE = SECTIONS.map((section) => section.to).filter(
  (to) => !to.startsWith('/admin/content'),
);

export function ContentSections() {
  return (
    <nav aria-label="Content sections">
      <ul className="flex flex-wrap items-center gap-1">
        {SECTIONS.map((section) => (
          <li key={section.to}>
            <Link
              to={section.to}
              activeOptions={{ exact: section.exact, includeSearch: false }}
              className={linkClasses}
            >
              {section.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
