import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { Entry } from '#shared/shapes/entries';
import { entryPath } from '#shared/entry-paths';
import { trpc } from '#client/lib/trpc';
import { toast } from '#client/ui/toast';
import { useAiEnabled } from '../ui/use-ai';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Button } from '../ui/controls';
import { errorMessage } from '../ui/errors';
import { TrashIcon } from '../ui/icons';
import { ENTRY_SCREENS } from './entry-screens';
import { EntryStatusBadge } from './entry-status';

function failed(action: string, error: unknown) {
  toast({
    title: 'Error',
    description: `${action}: ${errorMessage(error)}`,
    variant: 'destructive',
  });
}

/** Where visitors see the entry, or will once it is published; a reminder to save first. */
function EntryAddress({
  published,
  path,
  isDirty,
}: {
  published: boolean;
  path: string;
  isDirty: boolean;
}) {
  return (
    <p className="text-sm text-muted">
      {published ? (
        <>
          Visitors see it at{' '}
          <a
            href={path}
            className="break-all text-brand-700 underline underline-offset-2 dark:text-brand-300"
          >
            {path}
          </a>
          .
        </>
      ) : (
        `A draft: nobody but the administrators sees it. Published, it is at ${path}.`
      )}
      {isDirty ? ' Save your changes first: publishing shows the saved text.' : ''}
    </p>
  );
}

/**
 * Publish or unpublish the saved entry, make a newsletter draft of a published one, delete it
 * (docs/admin-guide.md, "Case studies and insights"). Publishing takes the saved text: with
 * unsaved changes the buttons wait for Save. With AI set up, "Write it with AI" beside "Make a
 * newsletter draft" has the model write the draft from the entry (docs/newsletter.md, "A draft
 * from an entry"); either way it is a draft, sent only from Newsletters.
 */
export function EntryActions({ entry, isDirty }: { entry: Entry; isDirty: boolean }) {
  const screen = ENTRY_SCREENS[entry.kind];
  const utils = trpc.useUtils();
  const aiEnabled = useAiEnabled();
  const path = entryPath(entry.kind, entry.slug);
  const shown = ({ entry: next }: { entry: Entry }) => {
    utils.entries.get.setData({ id: next.id }, (old) => (old ? { ...old, entry: next } : old));
    void utils.entries.list.invalidate();
  };
  const publish = trpc.entries.publish.useMutation({
    onSuccess: (answer) => {
      shown(answer);
      toast({ title: `${screen.singular} published`, description: `Its page is ${path}.` });
    },
    onError: (error) => failed(`Failed to publish the ${screen.lower}`, error),
  });
  const unpublish = trpc.entries.unpublish.useMutation({
    onSuccess: (answer) => {
      shown(answer);
      toast({
        title: `${screen.singular} unpublished`,
        description: `${path} is no longer shown.`,
      });
    },
    onError: (error) => failed(`Failed to unpublish the ${screen.lower}`, error),
  });
  const published = entry.status === 'published';
  const newsletter = useNewsletterFromEntry(entry.id);
  const writing = newsletter.writing;

  return (
    <section aria-labelledby="entry-status-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="entry-status-title" className="text-xl font-semibold text-ink">
          Status
        </h2>
        <EntryStatusBadge status={entry.status} />
      </div>
      <EntryAddress published={published} path={path} isDirty={isDirty} />
      <div className="flex flex-wrap items-center gap-3">
        {published ? (
          <Button
            variant="secondary"
            isDisabled={isDirty}
            isPending={unpublish.isPending}
            onPress={() => unpublish.mutate({ id: entry.id })}
          >
            Unpublish
          </Button>
        ) : (
          <Button
            isDisabled={isDirty}
            isPending={publish.isPending}
            onPress={() => publish.mutate({ id: entry.id })}
          >
            Publish
          </Button>
        )}
        {published ? (
          <Button
            variant="secondary"
            isPending={newsletter.isPending && !writing}
            onPress={() => newsletter.make(false)}
          >
            Make a newsletter draft
          </Button>
        ) : null}
        {published && aiEnabled ? (
          <Button variant="secondary" isPending={writing} onPress={() => newsletter.make(true)}>
            {writing ? 'Writing...' : 'Write it with AI'}
          </Button>
        ) : null}
        <DeleteEntry entry={entry} path={path} />
      </div>
      {published ? (
        <p className="text-sm text-muted">
          A newsletter draft holds the title, the summary and a link to the page; you check it and
          send it from Newsletters.
          {aiEnabled ? ' With AI, your model writes the draft from the whole entry instead.' : ''}
        </p>
      ) : null}
      {published && aiEnabled ? (
        // Polite: the model may take a while, and the person hears that it is at work.
        <p role="status" className="text-sm text-ink">
          {writing ? 'Your AI model is writing the newsletter draft...' : ''}
        </p>
      ) : null}
    </section>
  );
}

/**
 * A newsletter draft made of the published entry, or written by the model from it; either
 * opens in Newsletters, sent only from there.
 */
function useNewsletterFromEntry(entryId: number) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const newsletter = trpc.newsletters.fromEntry.useMutation({
    onSuccess: (made, { ai }) => {
      toast({
        title: ai ? 'Newsletter draft written' : 'Newsletter draft made',
        description: ai
          ? 'Your AI model wrote it: read it through. Nothing is sent until you send it.'
          : 'Nothing is sent until you send it.',
      });
      void utils.newsletters.list.invalidate();
      void navigate({ to: '/admin/newsletters/$id', params: { id: String(made.id) } });
    },
    onError: (error) => failed('Failed to make the newsletter draft', error),
  });
  const make = (ai: boolean) => {
    if (newsletter.isPending) return;
    newsletter.mutate(ai ? { entryId, ai } : { entryId });
  };
  return {
    make,
    isPending: newsletter.isPending,
    writing: newsletter.isPending && newsletter.variables.ai === true,
  };
}

/** Delete, asked first: the entry and its versions go, its address answers "gone". */
function DeleteEntry({ entry, path }: { entry: Entry; path: string }) {
  const screen = ENTRY_SCREENS[entry.kind];
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const remove = trpc.entries.remove.useMutation({
    onSuccess: () => {
      toast({ title: `${screen.singular} deleted` });
      void utils.entries.list.invalidate();
      void navigate({ to: screen.list });
    },
    onError: (error) => failed(`Failed to delete the ${screen.lower}`, error),
    onSettled: () => setConfirmDelete(false),
  });
  return (
    <>
      <Button variant="ghost-danger" onPress={() => setConfirmDelete(true)}>
        <TrashIcon />
        Delete
      </Button>
      <ConfirmDialog
        isOpen={confirmDelete}
        title={`Delete this ${screen.lower}?`}
        question={`“${entry.title}” and its versions are deleted for good.`}
        detail={
          entry.publishedAt
            ? `Its address ${path} will answer “gone” from now on, so search engines drop it.`
            : undefined
        }
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        isPending={remove.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => remove.mutate({ id: entry.id })}
      />
    </>
  );
}
