import { Link } from '@tanstack/react-router';
import type { Newsletter } from '#shared/shapes/newsletters';
import { trpc } from '#client/lib/trpc';
import { Button, Card } from '../ui/controls';
import { formatDateTime } from '../ui/date-time';
import { QueryState } from '../ui/query-state';
import { useDocumentTitle } from '../ui/use-document-title';
import { NEW_DRAFT, useCreateNewsletter } from './newsletter-mutations';
import { NewsletterStatusBadge } from './newsletter-status';
import { SequenceEditor } from './sequence-editor';
import { SENDING_POLL_MS, progressSummary } from './progress';

export function NewslettersPage() {
  useDocumentTitle('Newsletters');
  const list = trpc.newsletters.list.useQuery(undefined, {
    // While one is sending its figures move: read again until none is.
    refetchInterval: (query) =>
      query.state.data?.some((n) => n.status === 'sending') ? SENDING_POLL_MS : false,
  });
  const create = useCreateNewsletter();

  return (
    <Card>
      <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-ink">Newsletters</h1>
          <p className="mt-1 text-muted">Write, test and send e-mails to confirmed subscribers</p>
        </div>
        <Button onPress={() => create.mutate(NEW_DRAFT)} isPending={create.isPending}>
          {create.isPending ? 'Creating...' : 'New newsletter'}
        </Button>
      </div>

      <QueryState
        query={list}
        pending="Loading newsletters..."
        error="Error loading newsletters"
        empty={(newsletters) =>
          newsletters.length === 0 &&
          'No newsletters yet. Press "New newsletter" to write the first.'
        }
      >
        {(newsletters) => (
          <ul aria-label="Newsletters, newest first" className="flex flex-col gap-3">
            {newsletters.map((newsletter) => (
              <li key={newsletter.id}>
                <NewsletterRow newsletter={newsletter} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <SequenceEditor />
    </Card>
  );
}

function NewsletterRow({ newsletter }: { newsletter: Newsletter }) {
  return (
    <article
      aria-labelledby={`newsletter-${newsletter.id}`}
      className="flex flex-col gap-1 rounded-md border border-line p-4"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={`newsletter-${newsletter.id}`} className="min-w-0 font-semibold break-words">
          <Link
            to="/admin/newsletters/$id"
            params={{ id: String(newsletter.id) }}
            className="text-ink underline-offset-2 hover:text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none dark:hover:text-brand-300 dark:focus-visible:ring-brand-400"
          >
            {newsletter.subject}
          </Link>
        </h2>
        <NewsletterStatusBadge status={newsletter.status} />
      </div>
      <p className="text-sm text-muted">
        {newsletter.sentAt ? (
          <>
            Sent <time dateTime={newsletter.sentAt}>{formatDateTime(newsletter.sentAt)}</time>
          </>
        ) : (
          <>
            Created{' '}
            <time dateTime={newsletter.createdAt}>{formatDateTime(newsletter.createdAt)}</time>
            {' · '}
            last saved{' '}
            <time dateTime={newsletter.updatedAt}>{formatDateTime(newsletter.updatedAt)}</time>
          </>
        )}
      </p>
      {newsletter.status === 'draft' ? null : (
        <p className="text-sm text-ink">{progressSummary(newsletter)}</p>
      )}
    </article>
  );
}
