import { Link } from '@tanstack/react-router';
import type { Newsletter } from '#shared/shapes/newsletters';
import { trpc } from '#client/lib/trpc';
import { Card } from '../ui/controls';
import { ArrowLeftIcon } from '../ui/icons';
import { formatDateTime } from '../ui/date-time';
import { QueryState } from '../ui/query-state';
import { parseIdParam } from '../ui/id-param';
import { useDocumentTitle } from '../ui/use-document-title';
import { DraftEditor } from './draft-editor';
import { EmailPreview } from './email-preview';
import { NewsletterStatusBadge } from './newsletter-status';
import { SENDING_POLL_MS } from './progress';
import { SendingProgress } from './sending-progress';

export function NewsletterPage({ idParam }: { idParam: string }) {
  useDocumentTitle('Newsletter');
  const id = parseIdParam(idParam);
  return (
    <div className="flex flex-col gap-4">
      <Link
        to="/admin/newsletters"
        className="inline-flex w-fit items-center gap-1 text-sm text-muted underline underline-offset-2 hover:text-brand-700 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none dark:hover:text-brand-300 dark:focus-visible:ring-brand-400"
      >
        <ArrowLeftIcon />
        All newsletters
      </Link>
      <Card>{id === null ? <NotFound /> : <LoadedNewsletter id={id} />}</Card>
    </div>
  );
}

function NotFound() {
  return (
    <p role="alert" className="text-muted">
      Newsletter not found. It may have been deleted.
    </p>
  );
}

function LoadedNewsletter({ id }: { id: number }) {
  const newsletter = trpc.newsletters.byId.useQuery(
    { id },
    {
      refetchInterval: (query) =>
        query.state.data?.status === 'sending' ? SENDING_POLL_MS : false,
    },
  );
  // A poll that fails while sending keeps the last figures on screen (and polls on).
  return (
    <QueryState
      query={newsletter}
      pending="Loading newsletter..."
      error="Error loading newsletter"
      notFound={<NotFound />}
    >
      {(data) => (
        <>
          <Header newsletter={data} />
          {data.status === 'draft' ? (
            // Keyed by id: the fields start from this draft, not one opened before.
            <DraftEditor key={data.id} newsletter={data} />
          ) : (
            <div className="flex flex-col gap-8">
              <SendingProgress newsletter={data} />
              <EmailPreview subject={data.subject} body={data.body} />
            </div>
          )}
        </>
      )}
    </QueryState>
  );
}

function Header({ newsletter }: { newsletter: Newsletter }) {
  const isDraft = newsletter.status === 'draft';
  return (
    <div className="mb-6 flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold break-words text-ink">
          {isDraft ? 'Edit newsletter' : newsletter.subject}
        </h1>
        <NewsletterStatusBadge status={newsletter.status} />
      </div>
      <p className="text-sm text-muted">
        Created <time dateTime={newsletter.createdAt}>{formatDateTime(newsletter.createdAt)}</time>
        {' · '}
        {isDraft ? 'last saved' : 'edited'}{' '}
        <time dateTime={newsletter.updatedAt}>{formatDateTime(newsletter.updatedAt)}</time>
      </p>
      {isDraft ? null : (
        <p className="text-sm text-muted">
          Read-only: a newsletter that is being sent or has been sent cannot be changed.
        </p>
      )}
    </div>
  );
}
