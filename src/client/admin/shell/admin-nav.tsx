import { Link, useRouterState } from '@tanstack/react-router';
import { buttonClass } from '#shared/ui-styles';
import { useAnsweredCount } from './answered-count';
import { CONTENT_PARTS_ELSEWHERE } from '../content/content-sections';
import { useUnreadCount } from './unread-count';

/**
 * Quiet buttons; the current screen's one filled. A link's words stay on one line: a row
 * short of room by a fraction of a pixel wrapped "Audit log" at 1440 px; the link moves to the
 * next row whole instead. From 1280 px the header is wider (admin-shell.tsx) and the links a
 * little narrower: all thirteen on one line at 1440 px, and the Leads and Messages badges
 * take no room in it (tests/e2e/admin-unread-badge.test.ts holds them to both).
 */
const linkClasses = buttonClass(
  'ghost',
  'sm',
  'whitespace-nowrap xl:px-2.5 aria-[current=page]:bg-line aria-[current=page]:text-ink',
);

/**
 * Where things are in the admin. The unread count is part of the Messages link's name
 * ("Messages, 3 unread"), and the answers waiting for a reply part of the Leads link's
 * ("Leads, 2 answers waiting"), so screen readers announce them with the link; each badge is
 * only its visible form, hidden from them so the number is not read twice.
 */
export function AdminNav() {
  // docs/product.md, "Data fetching": read on load, every 30 s while the tab is visible, and
  // whenever a message is marked or deleted or the Messages list reads a different count.
  const count = useUnreadCount();
  const answered = useAnsweredCount();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // Testimonials and client logos are parts of Content with addresses of their own: Content
  // is current there too, as on its own children.
  const inContentPart = CONTENT_PARTS_ELSEWHERE.some(
    (to) => pathname === to || pathname.startsWith(`${to}/`),
  );
  return (
    <nav aria-label="Admin sections">
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          <Link to="/admin/overview" className={linkClasses}>
            Overview
          </Link>
        </li>
        <li>
          <Link to="/admin/dashboard" className={linkClasses}>
            Facts
          </Link>
        </li>
        <li>
          <Link
            to="/admin/leads"
            className={`${linkClasses} relative`}
            aria-label={answered > 0 ? `Leads, ${answersWaiting(answered)}` : undefined}
          >
            Leads
            <CountBadge count={answered} />
          </Link>
        </li>
        <li>
          <Link to="/admin/proposals" className={linkClasses}>
            Proposals
          </Link>
        </li>
        <li>
          <Link to="/admin/invoices" className={linkClasses}>
            Invoices
          </Link>
        </li>
        <li>
          <Link to="/admin/bookings" className={linkClasses}>
            Bookings
          </Link>
        </li>
        <li>
          <Link
            to="/admin/messages"
            className={`${linkClasses} relative`}
            aria-label={count > 0 ? `Messages, ${count} unread` : undefined}
          >
            Messages
            <CountBadge count={count} />
          </Link>
        </li>
        <li>
          <Link to="/admin/subscribers" className={linkClasses}>
            Subscribers
          </Link>
        </li>
        <li>
          <Link to="/admin/newsletters" className={linkClasses}>
            Newsletters
          </Link>
        </li>
        <li>
          <Link to="/admin/mail" className={linkClasses}>
            Mail
          </Link>
        </li>
        <li>
          <Link
            to="/admin/content"
            className={linkClasses}
            aria-current={inContentPart ? 'page' : undefined}
          >
            Content
          </Link>
        </li>
        <li>
          <Link to="/admin/users" className={linkClasses}>
            Administrators
          </Link>
        </li>
        <li>
          <Link to="/admin/audit" className={linkClasses}>
            Audit log
          </Link>
        </li>
      </ul>
    </nav>
  );
}

const answersWaiting = (n: number) => (n === 1 ? '1 answer waiting' : `${n} answers waiting`);

/**
 * Drawn over its link's corner, taking no room in the row: a count that arrives after the
 * screen (or changes) moves no link under the pointer.
 */
function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      className="pointer-events-none absolute -top-2 -right-2 min-w-5 rounded-full bg-brand-700 px-1.5 text-center text-xs font-semibold text-white"
    >
      {count}
    </span>
  );
}
