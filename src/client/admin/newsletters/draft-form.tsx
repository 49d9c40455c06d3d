import { useRef, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { newsletterInput, type NewsletterInput } from '#shared/newsletter';
import { validate } from '#client/lib/form-errors';
import { Button } from '../ui/controls';
import { TrashIcon } from '../ui/icons';
import { MessageFields, type MessageValues } from './message-fields';

export type DraftValues = MessageValues;
export type DraftErrors = Partial<Record<keyof DraftValues, string>>;

/**
 * The draft's two fields checked by the one schema the server applies to them (subject
 * 1-200 after trimming, body 1-50,000), so the page never calls valid what the server refuses.
 */
export function validateDraft(
  values: DraftValues,
): { ok: true; data: NewsletterInput } | { ok: false; errors: DraftErrors } {
  const result = validate(newsletterInput, values);
  return result.ok ? { ok: true, data: result.data } : { ok: false, errors: result.errors };
}

interface DraftFormProps {
  values: DraftValues;
  onChange: (values: DraftValues) => void;
  isDirty: boolean;
  isSaving: boolean;
  onSave: (data: NewsletterInput) => void;
  onDelete: () => void;
}

/**
 * Subject and Markdown body, validated as typed (the messages follow every keystroke, tied to
 * their field), with Save and Delete. A refused Save puts the cursor in the first bad field.
 */
export function DraftForm({
  values,
  onChange,
  isDirty,
  isSaving,
  onSave,
  onDelete,
}: DraftFormProps) {
  const subjectRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const result = validateDraft(values);
  const errors = result.ok ? {} : result.errors;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSaving) return;
    if (!result.ok) {
      (result.errors.subject ? subjectRef : bodyRef).current?.focus();
      return;
    }
    onSave(result.data);
  };

  return (
    <Form
      onSubmit={submit}
      validationBehavior="aria"
      aria-label="Newsletter draft"
      className="flex flex-col gap-4"
    >
      <MessageFields
        values={values}
        onChange={onChange}
        errors={errors}
        subjectRef={subjectRef}
        bodyRef={bodyRef}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button variant="ghost-danger" onPress={onDelete} isDisabled={isSaving}>
          <TrashIcon />
          Delete
        </Button>
        <div className="flex flex-wrap items-center gap-3">
          {/* Said in words, not only by the button: the send buttons below wait for it. */}
          <p className="text-sm text-muted">{isDirty ? 'Unsaved changes' : 'All changes saved'}</p>
          <Button type="submit" isPending={isSaving}>
            {isSaving ? 'Saving...' : 'Save'}
          </Button>
        </div>
      </div>
    </Form>
  );
}
