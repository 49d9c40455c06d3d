import { useBlocker } from '@tanstack/react-router';
import { useState } from 'react';
import type { Newsletter } from '#shared/shapes/newsletters';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { DraftForm, type DraftValues } from './draft-form';
import { EmailPreview } from './email-preview';
import { useDeleteNewsletter, useSaveNewsletter } from './newsletter-mutations';
import { SendSection } from './send-section';
import { SendTestForm } from './send-test-form';

/**
 * A draft: the form, the live preview of what is typed, a test copy and the send. The test
 * and the send take the saved version, so while there are unsaved changes they wait (and
 * say so) instead of mailing something other than what the screen shows.
 */
export function DraftEditor({ newsletter }: { newsletter: Newsletter }) {
  const [values, setValues] = useState<DraftValues>({
    subject: newsletter.subject,
    body: newsletter.body,
  });
  const save = useSaveNewsletter();
  const remove = useDeleteNewsletter();
  const [askingDelete, setAskingDelete] = useState(false);
  const isDirty = values.subject !== newsletter.subject || values.body !== newsletter.body;
  // Leaving with unsaved changes asks first: inside the admin with a dialog, and the browser
  // asks on its own when the tab is closed or reloaded. A deleted draft has nothing to keep.
  const leaving = useBlocker({
    shouldBlockFn: () => true,
    disabled: !isDirty || remove.isPending || remove.isSuccess,
    enableBeforeUnload: () => isDirty,
    withResolver: true,
  });

  return (
    <div className="flex flex-col gap-8">
      <DraftForm
        values={values}
        onChange={setValues}
        isDirty={isDirty}
        isSaving={save.isPending}
        onSave={(data) =>
          save.mutate(
            { id: newsletter.id, data },
            // The server trims the subject: the fields show what was stored, so that
            // "All changes saved" is true.
            { onSuccess: (saved) => setValues({ subject: saved.subject, body: saved.body }) },
          )
        }
        onDelete={() => setAskingDelete(true)}
      />
      <EmailPreview subject={values.subject} body={values.body} />
      <div className="grid gap-8 border-t border-line pt-6 lg:grid-cols-2">
        <SendTestForm id={newsletter.id} isDirty={isDirty} />
        <SendSection newsletter={newsletter} isDirty={isDirty} />
      </div>
      <ConfirmDialog
        isOpen={askingDelete}
        title="Delete newsletter"
        question="Are you sure you want to delete this draft? It cannot be restored."
        detail={newsletter.subject}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        isPending={remove.isPending}
        onCancel={() => setAskingDelete(false)}
        onConfirm={() =>
          remove.mutate({ id: newsletter.id }, { onSettled: () => setAskingDelete(false) })
        }
      />
      <ConfirmDialog
        isOpen={leaving.status === 'blocked'}
        title="Leave without saving?"
        question="Your changes to this newsletter are not saved. If you leave now, they are lost."
        confirmLabel="Leave"
        pendingLabel="Leaving..."
        isPending={false}
        onCancel={() => leaving.reset?.()}
        onConfirm={() => leaving.proceed?.()}
      />
    </div>
  );
}
