import { useMemo, useState } from 'react';
import type { Fact, Tag } from '#shared/shapes/facts';
import { trpc } from '#client/lib/trpc';
import { Card } from '../ui/controls';
import { QueryState } from '../ui/query-state';
import { useDocumentTitle } from '../ui/use-document-title';
import { AddFactDialog } from './add-fact-dialog';
import { DeleteFactDialog } from './delete-fact-dialog';
import { useDeleteFact, useMoveFact, useReorderFact, useToggleActive } from './fact-mutations';
import { FactList } from './fact-list';

/** Each fact's tags, by name, from the tag list and the links (none until both arrived). */
function useTagsByFact(): ReadonlyMap<number, Tag[]> {
  const tags = trpc.tags.list.useQuery();
  const links = trpc.tags.links.useQuery();
  return useMemo(() => {
    const byFact = new Map<number, Tag[]>();
    if (!tags.data || !links.data) return byFact;
    const onFacts = new Map<number, Set<number>>();
    for (const { factId, tagId } of links.data) {
      onFacts.set(tagId, (onFacts.get(tagId) ?? new Set()).add(factId));
    }
    // The tag list is sorted by name: each fact's tags come out in that order.
    for (const tag of tags.data) {
      for (const factId of onFacts.get(tag.id) ?? []) {
        byFact.set(factId, [...(byFact.get(factId) ?? []), tag]);
      }
    }
    return byFact;
  }, [tags.data, links.data]);
}

export function DashboardPage() {
  useDocumentTitle('AI Facts Management');
  const facts = trpc.facts.listAll.useQuery();
  const tagsByFact = useTagsByFact();
  const toggle = useToggleActive();
  const move = useMoveFact();
  const reorder = useReorderFact();
  const remove = useDeleteFact();
  const [toDelete, setToDelete] = useState<Fact | null>(null);

  return (
    <Card>
      <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-ink">AI Facts Management</h1>
          <p className="mt-1 text-muted">Add, edit, and manage facts shown in the carousel</p>
        </div>
        <AddFactDialog />
      </div>

      <QueryState
        query={facts}
        pending="Loading facts..."
        error="Error loading facts"
        empty={(list) => list.length === 0 && 'No facts found. Add your first fact to get started.'}
      >
        {(list) => (
          <FactList
            facts={list}
            tagsByFact={tagsByFact}
            onToggleActive={(fact, active) => toggle.mutate({ id: fact.id, data: { active } })}
            onMove={(fact, direction) => move.mutate({ id: fact.id, direction })}
            onPlace={(fact, target, position) =>
              reorder.mutate({ id: fact.id, targetId: target.id, position })
            }
            onDelete={setToDelete}
          />
        )}
      </QueryState>

      <DeleteFactDialog
        fact={toDelete}
        isDeleting={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={(fact) => remove.mutate({ id: fact.id }, { onSettled: () => setToDelete(null) })}
      />
    </Card>
  );
}
