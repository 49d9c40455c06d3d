import type { MouseEvent } from 'react';
import { useRouter } from '@tanstack/react-router';
import type { AuditEvent } from '#shared/shapes/audit';
import { focusRing } from '#shared/ui-styles';

/**
 * What an entry concerns: its words (kept when the entry was written), a link to the thing's
 * screen while it exists, and the entry's technical target under them when it says more.
 * Entries written before words were kept show the target alone.
 */
export function AuditSubject({
  event,
}: {
  event: Pick<AuditEvent, 'subject' | 'link' | 'target'>;
}) {
  const router = useRouter();
  const { subject, link, target } = event;
  // The server hands a built path; the router is asked to go there without a page load, unless
  // the person asks for a new tab or window.
  const follow = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!link || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    void router.navigate({ href: link });
  };
  return (
    <>
      {subject ? (
        <span className="block break-words text-ink">
          {link ? (
            <a href={link} onClick={follow} className={`underline ${focusRing}`}>
              {subject}
            </a>
          ) : (
            subject
          )}
        </span>
      ) : null}
      {/* An administrator's target is already their name: said once. */}
      {target && target !== subject ? (
        <span className="block break-all text-muted">{target}</span>
      ) : null}
    </>
  );
}
