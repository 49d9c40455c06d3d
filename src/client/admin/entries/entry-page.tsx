import { Link, Navigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { EntryKind } from '#shared/entries';
import { trpc } from '#client/lib/trpc';
import { ContentSections } from '../content/content-sections';
import { Card, returnLinkClass } from '../ui/controls';
import { QueryState } from '../ui/query-state';
import { parseIdParam } from '../ui/id-param';
import { useDocumentTitle } from '../ui/use-document-title';
import { EntryActions } from './entry-actions';
import { EntryCoverCard } from './entry-cover-card';
import { EntryEditor } from './entry-editor';
import { EntryPreview } from './entry-preview';
import { ENTRY_SCREENS, NEW_ENTRY_PARAM } from './entry-screens';
import { EntryVersions } from './entry-versions';

/**
 * One entry's screen (docs/admin-guide.md, "Case studies and insights"): its text and Save;
 * once saved, its status and actions, cover, preview and versions beside it.
 */
export function EntryPage({ kind, idParam }: { kind: EntryKind; idParam: string }) {
  const screen = ENTRY_SCREENS[kind];
  const isNew = idParam === NEW_ENTRY_PARAM;
  const id = isNew ? null : parseIdParam(idParam);
  return (
    <div className="flex flex-col gap-6">
      <ContentSections />
      <Link to={screen.list} className={`${returnLinkClass} self-start`}>
        All {screen.plural.toLowerCase()}
      </Link>
      {isNew ? (
        <NewEntry kind={kind} />
      ) : id === null ? (
        <Card>
          <NotFound kind={kind} />
        </Card>
      ) : (
        <SavedEntry kind={kind} id={id} />
      )}
    </div>
  );
}

function NotFound({ kind }: { kind: EntryKind }) {
  return (
    <p role="alert" className="text-ink">
      {ENTRY_SCREENS[kind].singular} not found. It may have been deleted.
    </p>
  );
}

function NewEntry({ kind }: { kind: EntryKind }) {
  const screen = ENTRY_SCREENS[kind];
  useDocumentTitle(`New ${screen.lower}`);
  return (
    <Card>
      <h1 className="mb-6 text-2xl font-bold text-ink">New {screen.lower}</h1>
      <EntryEditor kind={kind} entry={null} />
    </Card>
  );
}

function SavedEntry({ kind, id }: { kind: EntryKind; id: number }) {
  const screen = ENTRY_SCREENS[kind];
  const read = trpc.entries.get.useQuery({ id });
  const [isDirty, setDirty] = useState(false);
  useDocumentTitle(read.data ? read.data.entry.title : screen.singular);
  return (
    <QueryState
      query={read}
      pending={`Loading the ${screen.lower}...`}
      error={`Error loading the ${screen.lower}`}
      notFound={
        <Card>
          <NotFound kind={kind} />
        </Card>
      }
      frame={(state) => <Card>{state}</Card>}
    >
      {({ entry, versions }) =>
        entry.kind !== kind ? (
          // A case study's id under Insights (or the reverse): its own editor.
          <Navigate
            to={ENTRY_SCREENS[entry.kind].editor}
            params={{ id: String(entry.id) }}
            replace
          />
        ) : (
          <div className="grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
            <Card>
              <h1 className="mb-6 text-2xl font-bold break-words text-ink">{entry.title}</h1>
              {/* Keyed by version: after a save or a reload the form starts from it. */}
              <EntryEditor key={entry.version} kind={kind} entry={entry} onDirtyChange={setDirty} />
            </Card>
            <div className="flex min-w-0 flex-col gap-6">
              <Card>
                <EntryActions entry={entry} isDirty={isDirty} />
              </Card>
              <Card>
                <EntryCoverCard entry={entry} />
              </Card>
              <Card>
                <EntryPreview entry={entry} />
              </Card>
              <Card>
                <EntryVersions versions={versions} />
              </Card>
            </div>
          </div>
        )
      }
    </QueryState>
  );
}
