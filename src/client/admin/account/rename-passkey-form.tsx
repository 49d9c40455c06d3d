import { useRef, useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { passkeyNameField } from '#shared/passkeys';
import type { PasskeySummary } from '#shared/shapes/passkeys';
import { trpc } from '#client/lib/trpc';
import { Button, TextInputField } from '../ui/controls';
import { errorMessage, isNotFound } from '../ui/errors';

/** A passkey's new name, checked as the server does. */
export function RenamePasskeyForm({
  passkey,
  onDone,
}: {
  passkey: PasskeySummary;
  onDone: () => void;
}) {
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string | undefined>();
  const nameRef = useRef<HTMLInputElement>(null);
  const utils = trpc.useUtils();
  const rename = trpc.passkeys.rename.useMutation({
    onSuccess: () => {
      void utils.account.get.invalidate();
      onDone();
    },
    onError: (failure) => {
      if (isNotFound(failure)) void utils.account.get.invalidate();
      setError(errorMessage(failure));
      nameRef.current?.focus();
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (rename.isPending) return;
    const parsed = passkeyNameField.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      nameRef.current?.focus();
      return;
    }
    rename.mutate({ id: passkey.id, name: parsed.data });
  };

  return (
    <Form
      onSubmit={submit}
      validationBehavior="aria"
      aria-label={`Rename the passkey ${passkey.name}`}
      className="flex flex-col gap-3"
    >
      <TextInputField
        label="New name"
        name="passkey-new-name"
        value={name}
        onChange={(value) => {
          setName(value);
          if (error) setError(undefined);
        }}
        error={error}
        inputRef={nameRef}
        autoFocus
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" isPending={rename.isPending}>
          {rename.isPending ? 'Saving...' : 'Save'}
        </Button>
        <Button variant="secondary" size="sm" onPress={onDone} isDisabled={rename.isPending}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
