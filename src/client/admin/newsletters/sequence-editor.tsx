import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { SEQUENCE_LIMITS, type Sequence } from '#shared/newsletter-sequence';
import { trpc } from '#client/lib/trpc';
import { toast } from '#client/ui/toast';
import { Button, Switch, TextInputField } from '../ui/controls';
import { errorMessage } from '../ui/errors';
import { TrashIcon } from '../ui/icons';
import { QueryState } from '../ui/query-state';
import { EmailPreview } from './email-preview';
import { MessageFields } from './message-fields';
import {
  checkSequence,
  newStep,
  toDraft,
  type SequenceDraft,
  type StepDraft,
} from './sequence-draft';

/**
 * The welcome sequence on the Newsletters screen (docs/admin-guide.md, "Welcome sequence"):
 * on or off, and up to 4 mails, each with its days after confirmation, written with the
 * newsletter's fields and previewed with its preview, one mail at a time.
 */
export function SequenceEditor() {
  const query = trpc.newsletterSequence.get.useQuery();
  return (
    <section aria-labelledby="sequence-title" className="mt-8 border-t border-line pt-6">
      <h2 id="sequence-title" className="text-xl font-bold text-ink">
        Welcome sequence
      </h2>
      <p className="mt-1 mb-4 text-muted">
        Up to {SEQUENCE_LIMITS.stepsMax} mails to each new subscriber, each a number of days after
        they confirm. It stops for good when they write to you, book a call, unsubscribe, or their
        address is suppressed. Subscribers who confirmed before it was first turned on do not get
        it.
      </p>
      <QueryState
        query={query}
        pending="Loading the welcome sequence..."
        error="Error loading the welcome sequence"
      >
        {(saved) => <SequenceForm saved={saved} />}
      </QueryState>
    </section>
  );
}

function SequenceForm({ saved }: { saved: Sequence }) {
  const [draft, setDraft] = useState<SequenceDraft>(() => toDraft(saved));
  const [previewed, setPreviewed] = useState<number | null>(null);
  const utils = trpc.useUtils();
  const save = trpc.newsletterSequence.save.useMutation({
    onSuccess: (answer) => {
      utils.newsletterSequence.get.setData(undefined, answer);
      // The server trims the subjects: the fields show what was stored.
      setDraft(toDraft(answer));
      toast({ title: 'Welcome sequence saved' });
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: `Failed to save the welcome sequence: ${errorMessage(error)}`,
        variant: 'destructive',
      }),
  });
  const checked = checkSequence(draft);
  const errors = checked.ok ? {} : checked.errors;
  const isDirty = JSON.stringify(draft) !== JSON.stringify(toDraft(saved));

  const setStep = (index: number, step: StepDraft) =>
    setDraft({ ...draft, steps: draft.steps.map((s, i) => (i === index ? step : s)) });
  const removeStep = (index: number) => {
    setDraft({ ...draft, steps: draft.steps.filter((_, i) => i !== index) });
    setPreviewed(null);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending || !checked.ok) return;
    save.mutate(checked.data);
  };

  return (
    <Form
      onSubmit={submit}
      validationBehavior="aria"
      aria-label="Welcome sequence"
      className="flex flex-col gap-4"
    >
      <Switch isSelected={draft.enabled} onChange={(enabled) => setDraft({ ...draft, enabled })}>
        Send the welcome sequence to new subscribers
      </Switch>
      {draft.steps.map((step, index) => (
        <fieldset key={index} className="flex flex-col gap-3 rounded-md border border-line p-4">
          <legend className="px-1 font-semibold text-ink">Mail {index + 1}</legend>
          <TextInputField
            label="Days after confirmation"
            name="days"
            inputMode="numeric"
            value={step.days}
            onChange={(days) => setStep(index, { ...step, days })}
            error={errors[`steps.${index}.days`]}
            description="0 sends it as soon as the address is confirmed; at most 60."
          />
          <MessageFields
            values={step}
            onChange={(message) => setStep(index, { ...step, ...message })}
            errors={{
              subject: errors[`steps.${index}.subject`],
              body: errors[`steps.${index}.body`],
            }}
            rows={8}
          />
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              aria-expanded={previewed === index}
              onPress={() => setPreviewed(previewed === index ? null : index)}
            >
              {previewed === index ? 'Hide preview' : 'Preview'}
            </Button>
            <Button variant="ghost-danger" onPress={() => removeStep(index)}>
              <TrashIcon />
              Remove mail {index + 1}
            </Button>
          </div>
          {previewed === index ? <EmailPreview subject={step.subject} body={step.body} /> : null}
        </fieldset>
      ))}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button
          variant="secondary"
          isDisabled={draft.steps.length >= SEQUENCE_LIMITS.stepsMax}
          onPress={() => setDraft({ ...draft, steps: [...draft.steps, newStep(draft.steps)] })}
        >
          Add a mail
        </Button>
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-muted">{isDirty ? 'Unsaved changes' : 'All changes saved'}</p>
          <Button type="submit" isPending={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
        </div>
      </div>
    </Form>
  );
}
