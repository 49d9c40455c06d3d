import { LEGAL_PAGES } from '#shared/site-content-basics';
import { focusRing } from '#shared/ui-styles';
import { useSiteContent } from './site-content-context';

/**
 * Under the contact form's consent box: links to the privacy and terms pages that exist
 * (a page without text has no address). Kept outside the checkbox's label, so following a
 * link never ticks the box.
 */
export function LegalLinks() {
  const { legal } = useSiteContent();
  const pages = LEGAL_PAGES.filter(
    (page) => (page.key === 'privacy' || page.key === 'terms') && legal[page.key].trim(),
  );
  if (pages.length === 0) return null;
  return (
    <p className="-mt-2 text-sm text-muted">
      Read our{' '}
      {pages.map((page, i) => (
        <span key={page.key}>
          {i > 0 ? ' and ' : null}
          <a
            href={page.path}
            target="_blank"
            rel="noopener"
            className={`rounded text-ink underline underline-offset-4 ${focusRing}`}
          >
            {page.label}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </span>
      ))}
      .
    </p>
  );
}
