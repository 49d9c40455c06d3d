import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { LEAD_LIMITS } from '#shared/lead-pipeline';
import { Button, TextInputField } from '../ui/controls';
import { fieldIssues } from '../ui/field-issues';
import { useAddNote } from './lead-mutations';

/** A private note on the timeline: never mailed. A refused one keeps its text and says why. */
export function NoteForm({ leadId }: { leadId: number }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const add = useAddNote(leadId);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (add.isPending) return;
    add.mutate(
      { id: leadId, text },
      {
        onSuccess: () => {
          setText('');
          setError(undefined);
        },
        onError: (failure) => setError(fieldIssues(failure)['text']),
      },
    );
  };
  return (
    <Form
      onSubmit={submit}
      validationBehavior="aria"
      aria-label="Add a note"
      className="flex flex-col gap-3"
    >
      <TextInputField
        label="Note"
        name="note"
        multiline
        rows={3}
        value={text}
        onChange={setText}
        error={error}
        description={`Private: only administrators see it. At most ${LEAD_LIMITS.noteMax.toLocaleString('en-US')} characters.`}
      />
      <div className="flex justify-end">
        <Button type="submit" variant="secondary" isPending={add.isPending}>
          {add.isPending ? 'Adding...' : 'Add note'}
        </Button>
      </div>
    </Form>
  );
}
