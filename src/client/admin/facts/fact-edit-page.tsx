import { Link, useNavigate } from '@tanstack/react-router';
import type { FactFormValues } from '#shared/facts';
import type { FactWithTags } from '#client/lib/api-types';
import type { Tag } from '#shared/shapes/facts';
import { trpc } from '#client/lib/trpc';
import { toast } from '#client/ui/toast';
import { Card } from '../ui/controls';
import { ArrowLeftIcon } from '../ui/icons';
import { QueryState } from '../ui/query-state';
import { parseIdParam } from '../ui/id-param';
import { useDocumentTitle } from '../ui/use-document-title';
import { failureToast, useRefreshFactData } from './fact-mutations';
import { FactForm, dateInputValue } from './fact-form';
import { TagPicker } from './tag-picker';

export function FactEditPage({ idParam }: { idParam: string }) {
  useDocumentTitle('Edit AI Fact');
  const id = parseIdParam(idParam);
  return (
    <div className="flex flex-col gap-4">
      <Link
        to="/admin/dashboard"
        className="inline-flex w-fit items-center gap-1 text-sm text-muted underline underline-offset-2 hover:text-brand-700 dark:hover:text-brand-300 focus-visible:ring-2 focus-visible:ring-brand-600 dark:focus-visible:ring-brand-400 focus-visible:outline-none"
      >
        <ArrowLeftIcon />
        Return to Listing
      </Link>
      <Card>
        <h1 className="mb-6 text-2xl font-bold text-ink">Edit AI Fact</h1>
        {id === null ? <NotFound /> : <LoadedFact id={id} />}
      </Card>
    </div>
  );
}

function NotFound() {
  return (
    <p role="alert" className="text-muted">
      AI Fact not found.
    </p>
  );
}

function LoadedFact({ id }: { id: number }) {
  const fact = trpc.facts.byId.useQuery({ id });
  return (
    <QueryState
      query={fact}
      pending="Loading fact..."
      error="Error loading fact"
      notFound={<NotFound />}
    >
      {/* Keyed by id: the form's fields start from this fact, not from one edited before. */}
      {(data) => <EditFactForm key={data.id} fact={data} />}
    </QueryState>
  );
}

function EditFactForm({ fact }: { fact: FactWithTags }) {
  const navigate = useNavigate();
  const refresh = useRefreshFactData();
  const tags = trpc.tags.list.useQuery();
  const update = trpc.facts.update.useMutation();
  const createTag = trpc.tags.create.useMutation();
  const addTag = trpc.facts.addTag.useMutation();
  const removeTag = trpc.facts.removeTag.useMutation();
  const busy = createTag.isPending || addTag.isPending || removeTag.isPending;

  const attach = (tag: Tag, successTitle: string) =>
    addTag
      .mutateAsync({ factId: fact.id, tagId: tag.id })
      .then(() => {
        toast({ title: successTitle });
      })
      .catch((error: unknown) => {
        failureToast('Failed to add tag to fact', error);
      })
      .finally(() => void refresh());

  const onCreateTag = async (name: string) => {
    let tag: Tag;
    try {
      tag = await createTag.mutateAsync({ name });
    } catch (error) {
      failureToast('Failed to create tag', error);
      throw error;
    }
    await attach(tag, 'Tag created and added successfully');
  };

  const onRemoveTag = (tag: Tag) =>
    removeTag.mutate(
      { factId: fact.id, tagId: tag.id },
      {
        onSuccess: () => toast({ title: 'Tag removed successfully' }),
        onError: (error) => failureToast('Failed to remove tag', error),
        onSettled: () => void refresh(),
      },
    );

  const save = (values: FactFormValues) =>
    update.mutate(
      {
        id: fact.id,
        data: {
          factText: values.factText,
          source: values.source,
          active: values.active,
          // An emptied date clears it (the server stores '' as no date).
          factDate: values.factDate,
        },
      },
      {
        onSuccess: () => {
          toast({ title: 'AI fact updated successfully' });
          void navigate({ to: '/admin/dashboard' });
        },
        onError: (error) => failureToast('Failed to update AI fact', error),
        onSettled: () => void refresh(),
      },
    );

  return (
    <FactForm
      initialValues={{
        factText: fact.factText,
        source: fact.source,
        active: fact.active,
        factDate: dateInputValue(fact.factDate),
      }}
      isSaving={update.isPending}
      onSubmit={save}
      onCancel={() => void navigate({ to: '/admin/dashboard' })}
      tags={
        <TagPicker
          selected={fact.tags}
          allTags={tags.data ?? []}
          onAdd={(tag) => void attach(tag, 'Tag added successfully')}
          onRemove={onRemoveTag}
          onCreate={onCreateTag}
          isBusy={busy}
        />
      }
    />
  );
}
