import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Dialog, DialogTrigger, Form, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { inviteInput } from '#shared/users';
import { validate } from '#client/lib/form-errors';
import { trpc } from '#client/lib/trpc';
import { toast } from '#client/ui/toast';
import { Button, TextInputField } from '../ui/controls';
import { provenPasswordField } from '#shared/account';
import { useExplainRefusal } from '../account/account-session';
import { errorMessage, isConflict, isUnauthorized, OWN_UNAUTHORIZED } from '../ui/errors';
import { PlusIcon } from '../ui/icons';

/** "Invite administrator" and its dialog; the form starts empty each time it opens. */
export function InviteDialog() {
  const [isOpen, setOpen] = useState(false);
  // A 401 is the password asked for (a recent proof, docs/accounts.md) or wrong.
  const invite = trpc.users.invite.useMutation({ meta: OWN_UNAUTHORIZED });
  return (
    <DialogTrigger
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!invite.isPending) setOpen(open);
      }}
    >
      <Button>
        <PlusIcon />
        Invite administrator
      </Button>
      <ModalOverlay
        isDismissable={!invite.isPending}
        isKeyboardDismissDisabled={invite.isPending}
        className="fixed inset-0 z-40 flex items-start justify-center overflow-y-auto bg-black/50 p-4 sm:items-center"
      >
        <Modal className="w-full max-w-md rounded-lg bg-raised shadow-xl">
          <Dialog className="p-6 outline-none">
            <Heading slot="title" className="mb-2 text-xl font-semibold text-ink">
              Invite administrator
            </Heading>
            <p className="mb-4 text-sm text-muted">
              They get an e-mail with a link to choose their password. The link works once, for 24
              hours. Every administrator can do everything you can.
            </p>
            <InviteForm invite={invite} onDone={() => setOpen(false)} />
          </Dialog>
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  );
}

type Values = { username: string; email: string };

function InviteForm({
  invite,
  onDone,
}: {
  invite: ReturnType<typeof trpc.users.invite.useMutation>;
  onDone: () => void;
}) {
  const [values, setValues] = useState<Values>({ username: '', email: '' });
  // Messages show for a field once it has been typed in, or for every field after a send.
  const [touched, setTouched] = useState<Partial<Record<keyof Values, boolean>>>({});
  const [taken, setTaken] = useState<string | null>(null);
  const usernameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  // Null until the server asks for the password (the session signed in, or last gave it, more
  // than 10 minutes ago); then the field's description, and it is sent with the next try.
  const [passwordAsked, setPasswordAsked] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const passwordRef = useRef<HTMLInputElement>(null);
  const explainRefusal = useExplainRefusal();
  useEffect(() => {
    if (passwordAsked !== null) passwordRef.current?.focus();
  }, [passwordAsked]);
  const utils = trpc.useUtils();
  const result = validate(inviteInput, values);
  const errors = result.ok ? {} : result.errors;
  const shown = (field: keyof Values) => (touched[field] ? errors[field] : undefined);

  const change = (field: keyof Values) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setTouched((current) => ({ ...current, [field]: true }));
    if (field === 'username') setTaken(null);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (invite.isPending) return;
    if (!result.ok) {
      setTouched({ username: true, email: true });
      (errors.username ? usernameRef : emailRef).current?.focus();
      return;
    }
    if (passwordAsked !== null) {
      const proven = provenPasswordField.safeParse(password);
      if (!proven.success) {
        setPasswordError(proven.error.issues[0]?.message);
        passwordRef.current?.focus();
        return;
      }
    }
    invite.mutate(passwordAsked === null ? result.data : { ...result.data, password }, {
      onSuccess: (user) => {
        toast({
          title: 'Invitation sent',
          description: `${user.username} gets a link at ${user.email ?? ''} to choose a password.`,
        });
        void utils.users.invalidate();
        onDone();
      },
      onError: (error) => {
        if (isUnauthorized(error)) {
          void explainRefusal(error).then((refusal) => {
            if (refusal.kind !== 'wrongPassword') return;
            if (passwordAsked === null) setPasswordAsked(refusal.message);
            else setPasswordError(refusal.message);
            passwordRef.current?.focus();
          });
          return;
        }
        if (isConflict(error)) {
          setTaken(error.message);
          usernameRef.current?.focus();
          return;
        }
        toast({
          title: 'Error',
          description: `Failed to invite: ${errorMessage(error)}`,
          variant: 'destructive',
        });
      },
    });
  };

  return (
    <Form onSubmit={submit} validationBehavior="aria" className="flex flex-col gap-4">
      <TextInputField
        label="Username"
        name="username"
        autoComplete="off"
        autoFocus
        value={values.username}
        onChange={change('username')}
        error={taken ?? shown('username')}
        description="What they sign in with: no spaces."
        inputRef={usernameRef}
      />
      <TextInputField
        label="E-mail"
        name="email"
        type="email"
        autoComplete="off"
        value={values.email}
        onChange={change('email')}
        error={shown('email')}
        description="The invitation goes here; sign-in codes too."
        inputRef={emailRef}
      />
      {passwordAsked !== null ? (
        <TextInputField
          label="Your password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(value) => {
            setPassword(value);
            setPasswordError(undefined);
          }}
          error={passwordError}
          description={passwordAsked}
          inputRef={passwordRef}
        />
      ) : null}
      <div className="mt-2 flex justify-end gap-2">
        <Button variant="secondary" onPress={onDone} isDisabled={invite.isPending}>
          Cancel
        </Button>
        <Button type="submit" isPending={invite.isPending}>
          {invite.isPending ? 'Sending...' : 'Send invitation'}
        </Button>
      </div>
    </Form>
  );
}
