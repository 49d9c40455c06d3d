import { useState, type FormEvent } from 'react';
import { Button, TextInputField } from '../ui/controls';
import { errorMessage } from '../ui/errors';
import { fieldIssues } from '../ui/field-issues';
import { useAddSuppression } from './suppression-mutations';

/** One address by hand: nothing bulk goes to it from then on (docs/admin-guide.md). */
export function AddSuppressionForm() {
  const [email, setEmail] = useState('');
  const add = useAddSuppression();
  const issue = add.error ? (fieldIssues(add.error).email ?? errorMessage(add.error)) : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    add.mutate({ email }, { onSuccess: () => setEmail('') });
  }

  return (
    <form onSubmit={submit} aria-labelledby="add-suppression-title" className="flex flex-col gap-3">
      <h2 id="add-suppression-title" className="text-xl font-bold text-ink">
        Add an address
      </h2>
      <TextInputField
        label="E-mail address"
        type="email"
        value={email}
        onChange={(value) => {
          setEmail(value);
          if (add.error) add.reset();
        }}
        error={issue}
        description="Newsletters, the welcome sequence and call reminders skip it. A reply to it asks first."
        isRequired
      />
      <div>
        <Button type="submit" isPending={add.isPending}>
          {add.isPending ? 'Adding...' : 'Add'}
        </Button>
      </div>
    </form>
  );
}
