import { useState } from 'react';
import { Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components';
import type { FactFormValues } from '#shared/facts';
import type { Tag } from '#shared/shapes/facts';
import { trpc } from '#client/lib/trpc';
import { toast } from '#client/ui/toast';
import { Button } from '../ui/controls';
import { PlusIcon } from '../ui/icons';
import { failureToast, useRefreshFactData } from './fact-mutations';
import { FactForm } from './fact-form';
import { TagPicker } from './tag-picker';

/** "Add New Fact" and its dialog; the form starts empty each time it opens. */
export function AddFactDialog() {
  const [isOpen, setOpen] = useState(false);
  const [isSaving, setSaving] = useState(false);
  return (
    <DialogTrigger
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!isSaving) setOpen(open);
      }}
    >
      <Button>
        <PlusIcon />
        Add New Fact
      </Button>
      <ModalOverlay
        isDismissable={!isSaving}
        isKeyboardDismissDisabled={isSaving}
        className="fixed inset-0 z-40 flex items-start justify-center overflow-y-auto bg-black/50 p-4 sm:items-center"
      >
        <Modal className="w-full max-w-lg rounded-lg bg-raised shadow-xl">
          <Dialog className="max-h-[calc(100dvh-2rem)] overflow-y-auto p-6 outline-none">
            <Heading slot="title" className="mb-4 text-xl font-semibold text-ink">
              Add New AI Fact
            </Heading>
            <AddFactForm isSaving={isSaving} setSaving={setSaving} onDone={() => setOpen(false)} />
          </Dialog>
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  );
}

interface AddFactFormProps {
  isSaving: boolean;
  setSaving: (saving: boolean) => void;
  onDone: () => void;
}

function AddFactForm({ isSaving, setSaving, onDone }: AddFactFormProps) {
  const [selected, setSelected] = useState<Tag[]>([]);
  const tags = trpc.tags.list.useQuery();
  const createTag = trpc.tags.create.useMutation();
  const createFact = trpc.facts.create.useMutation();
  const addTag = trpc.facts.addTag.useMutation();
  const utils = trpc.useUtils();
  const refresh = useRefreshFactData();

  const select = (tag: Tag) =>
    setSelected((current) => (current.some((t) => t.id === tag.id) ? current : [...current, tag]));

  const onCreateTag = async (name: string) => {
    try {
      const tag = await createTag.mutateAsync({ name });
      toast({ title: 'Tag created successfully' });
      select(tag);
      await utils.tags.list.invalidate();
    } catch (error) {
      failureToast('Failed to create tag', error);
      throw error;
    }
  };

  const save = async (values: FactFormValues) => {
    setSaving(true);
    try {
      const fact = await createFact.mutateAsync({
        factText: values.factText,
        source: values.source,
        active: values.active,
        factDate: values.factDate === '' ? undefined : values.factDate,
        createdAt: new Date().toISOString(),
      });
      toast({ title: 'AI fact created successfully' });
      // docs/product.md, "Admin screens": the chosen tags are attached one by one once the fact exists.
      for (const tag of selected) {
        try {
          await addTag.mutateAsync({ factId: fact.id, tagId: tag.id });
        } catch (error) {
          failureToast('Failed to add tag to fact', error);
        }
      }
      setSaving(false);
      onDone();
    } catch (error) {
      failureToast('Failed to create AI fact', error);
      setSaving(false);
    } finally {
      void refresh();
    }
  };

  return (
    <FactForm
      autoFocus
      isSaving={isSaving}
      onSubmit={(values) => void save(values)}
      onCancel={onDone}
      tags={
        <TagPicker
          selected={selected}
          allTags={tags.data ?? []}
          onAdd={select}
          onRemove={(tag) => setSelected((current) => current.filter((t) => t.id !== tag.id))}
          onCreate={onCreateTag}
          isBusy={createTag.isPending || isSaving}
        />
      }
    />
  );
}
