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
 * so the owner moves between them without going back to the main navigation.
 */
export function ContentSections() {
  return (
    <nav aria-label="Content sections">
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          <Link to="/admin/testimonials" className={linkClasses}>
            Testimonials
          </Link>
        </li>
        <li>
          <Link to="/admin/client-logos" className={linkClasses}>
            Client logos
          </Link>
        </li>
      </ul>
    </nav>
  );
}
