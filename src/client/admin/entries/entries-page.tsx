import { Link } from '@tanstack/react-router';
import { ENTRIES_PAGE_SIZE, type EntryKind, type EntrySummary } from '#shared/entries';
import { entryPath } from '#shared/entry-paths';
import { buttonClass } from '#shared/ui-styles';
import { trpc } from '#client/lib/trpc';
import { ContentSections } from '../content/content-sections';
import { Card } from '../ui/controls';
import { ListSearchField } from '../ui/list-search-field';
import { DateTime } from '../ui/date-time';
import { PagedRead } from '../ui/list-table';
import { useDocumentTitle } from '../ui/use-document-title';
import type { EntrySearch } from './entry-search';
import { ENTRY_SCREENS, NEW_ENTRY_PARAM } from './entry-screens';
import { EntryStatusBadge } from './entry-status';

const titleLink =
  'text-ink underline-offset-2 hover:text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none dark:hover:text-brand-300 dark:focus-visible:ring-brand-400';

interface EntriesPageProps {
  kind: EntryKind;
  search: EntrySearch;
  onSearch: (search: EntrySearch) => void;
}

/**
 * One kind's entries (docs/admin-guide.md, "Case studies and insights"): last updated first,
 * 25 a page, with their status; a search on titles and summaries; "New …" opens an empty
 * editor.
 */
export function EntriesPage({ kind, search, onSearch }: EntriesPageProps) {
  const screen = ENTRY_SCREENS[kind];
  useDocumentTitle(screen.plural);
  const page = search.page ?? 1;
  const list = trpc.entries.list.useQuery(
    { kind, page, q: search.q },
    // The previous page stays on screen while the next one loads: no jump to a spinner.
    { placeholderData: (previous) => previous },
  );

  return (
    <div className="flex flex-col gap-6">
      <ContentSections />
      <Card>
        <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
          <div>
            <h1 className="text-2xl font-bold text-ink">{screen.plural}</h1>
            <p className="mt-1 text-muted">
              {kind === 'case_study'
                ? 'The work you did for clients, with its results, each a page of the site'
                : 'Your articles, each a page of the site'}
              {list.data ? ` · ${list.data.total} ${search.q ? 'found' : 'in all'}` : ''}
            </p>
          </div>
          <Link
            to={screen.editor}
            params={{ id: NEW_ENTRY_PARAM }}
            className={buttonClass('primary')}
          >
            New {screen.lower}
          </Link>
        </div>

        <ListSearchField
          q={search.q}
          onChange={(q) => onSearch({ q, page: undefined })}
          label="Search titles and summaries"
          region={screen.plural}
        />

        <div className="mt-6">
          <PagedRead
            query={list}
            pending={`Loading ${screen.plural.toLowerCase()}...`}
            error={`Error loading the ${screen.plural.toLowerCase()}`}
            count={(data) => data.entries.length}
            emptyPage={`No ${screen.plural.toLowerCase()} on this page.`}
            empty={() =>
              search.q
                ? `No ${screen.plural.toLowerCase()} match your search.`
                : `No ${screen.plural.toLowerCase()} yet. Press "New ${screen.lower}" to write the first.`
            }
            pager={{
              page,
              pageSize: ENTRIES_PAGE_SIZE,
              label: screen.plural,
              onPage: (next) => onSearch({ ...search, page: next > 1 ? next : undefined }),
            }}
          >
            {(data) => (
              <ul
                aria-label={`${screen.plural}, last updated first`}
                className="flex flex-col gap-3"
              >
                {data.entries.map((entry) => (
                  <li key={entry.id}>
                    <EntryRow entry={entry} />
                  </li>
                ))}
              </ul>
            )}
          </PagedRead>
        </div>
      </Card>
    </div>
  );
}

function EntryRow({ entry }: { entry: EntrySummary }) {
  const screen = ENTRY_SCREENS[entry.kind];
  return (
    <article
      aria-labelledby={`entry-${entry.id}`}
      className="flex flex-col gap-1 rounded-md border border-line p-4"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={`entry-${entry.id}`} className="min-w-0 font-semibold break-words">
          <Link to={screen.editor} params={{ id: String(entry.id) }} className={titleLink}>
            {entry.title}
          </Link>
        </h2>
        <EntryStatusBadge status={entry.status} />
      </div>
      <p className="text-sm break-words text-muted">{entry.summary}</p>
      <p className="text-sm text-muted">
        <span className="break-all">{entryPath(entry.kind, entry.slug)}</span>
        {' · '}
        last changed <DateTime iso={entry.updatedAt} />
      </p>
    </article>
  );
}
