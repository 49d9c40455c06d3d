import { Link } from '@tanstack/react-router';
import { buttonClass } from '#shared/ui-styles';

/** Quiet buttons; the current section's one filled (as the admin's own sections: admin-nav.tsx). */
const linkClasses = buttonClass(
  'ghost',
  'sm',
  'aria-[current=page]:bg-line aria-[current=page]:text-ink',
);

/**
 * The parts of Content (docs/admin-guide.md, "Content"): the site's texts and images, then
 * each kind of proof with its own list and editor. One list, so each screen under Content
 * shows the same links; a new part is one more row.
 */
const SECTIONS = [
  { to: '/admin/content', label: 'Site texts', exact: true },
  { to: '/admin/content/case-studies', label: 'Case studies', exact: false },
  { to: '/admin/content/insights', label: 'Insights', exact: false },
] as const;

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
