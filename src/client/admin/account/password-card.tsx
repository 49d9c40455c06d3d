import { useRef, useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { changePasswordInput, type ChangePasswordInput } from '#shared/account';
import { validate } from '#client/lib/form-errors';
import { trpc } from '#client/lib/trpc';
import { toast } from '#client/ui/toast';
import { Button, Card, TextInputField } from '../ui/controls';
import { OWN_UNAUTHORIZED } from '../ui/errors';
import { useExplainRefusal } from './account-session';
import { PasswordStrengthHint } from './password-strength';

export type PasswordValues = { currentPassword: string; newPassword: string; confirm: string };
type Field = keyof PasswordValues;
export type PasswordErrors = Partial<Record<Field, string>>;

export const PASSWORDS_DIFFER = 'The two new passwords differ';

const EMPTY: PasswordValues = { currentPassword: '', newPassword: '', confirm: '' };
const HEADING_ID = 'account-password-heading';

/**
 * The form checked by the schema the server applies (shared/account.ts), plus the one check
 * only a person needs: the new password typed twice alike.
 */
export function validatePasswords(
  values: PasswordValues,
): { ok: true; data: ChangePasswordInput } | { ok: false; errors: PasswordErrors } {
  const result = validate(changePasswordInput, values);
  const errors: PasswordErrors = result.ok ? {} : { ...result.errors };
  if (values.confirm !== values.newPassword) errors.confirm = PASSWORDS_DIFFER;
  if (result.ok && !errors.confirm) return { ok: true, data: result.data };
  return { ok: false, errors };
}

const plural = (n: number) => `${n} other ${n === 1 ? 'session was' : 'sessions were'}`;

/**
 * Current password, new password (with its strength as typed) and the new one again. A field's
 * message shows once the field has been left or the form sent, then follows every keystroke.
 * A wrong current password (401, counted like a failed sign-in) is that field's error.
 */
export function PasswordCard({ username }: { username: string | undefined }) {
  const utils = trpc.useUtils();
  const explainRefusal = useExplainRefusal();
  const [values, setValues] = useState(EMPTY);
  const [touched, setTouched] = useState<ReadonlySet<Field>>(new Set());
  const [serverErrors, setServerErrors] = useState<PasswordErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const currentRef = useRef<HTMLInputElement>(null);
  const newRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const focus = (field: Field) =>
    ({ currentPassword: currentRef, newPassword: newRef, confirm: confirmRef })[
      field
    ].current?.focus();
  const change = trpc.account.changePassword.useMutation({ meta: OWN_UNAUTHORIZED });

  const result = validatePasswords(values);
  const shown = (field: Field) =>
    serverErrors[field] ?? (touched.has(field) && !result.ok ? result.errors[field] : undefined);
  const touch = (field: Field) => setTouched((before) => new Set(before).add(field));
  const update = (field: Field) => (value: string) => {
    setValues((before) => ({ ...before, [field]: value }));
    setServerErrors((before) => ({ ...before, [field]: undefined }));
  };

  const refuse = (field: Field, message: string) => {
    setServerErrors({ [field]: message });
    focus(field);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    setFailure(null);
    setTouched(new Set(['currentPassword', 'newPassword', 'confirm']));
    if (!result.ok) {
      const first = (['currentPassword', 'newPassword', 'confirm'] as const).find(
        (field) => result.errors[field],
      );
      if (first) focus(first);
      return;
    }
    change.mutate(result.data, {
      onSuccess: ({ endedSessions }) => {
        setValues(EMPTY);
        setTouched(new Set());
        toast({
          title: 'Password changed',
          description:
            endedSessions > 0
              ? `${plural(endedSessions)} signed out. This browser stays signed in.`
              : 'This browser stays signed in.',
        });
        void utils.account.sessions.invalidate();
      },
      onError: async (error) => {
        const refusal = await explainRefusal(error);
        if (refusal.kind === 'wrongPassword') refuse('currentPassword', refusal.message);
        else if (refusal.kind === 'badInput') refuse('newPassword', refusal.message);
        else if (refusal.kind === 'failed') setFailure(refusal.message);
      },
    });
  };

  return (
    <Card labelledBy={HEADING_ID}>
      <h2 id={HEADING_ID} className="text-lg font-semibold text-ink">
        Password
      </h2>
      <p className="mt-1 text-sm text-muted">
        Changing your password signs you out everywhere else; this browser stays signed in.
      </p>
      <Form
        onSubmit={submit}
        validationBehavior="aria"
        aria-labelledby={HEADING_ID}
        className="mt-4 flex max-w-md flex-col gap-4"
      >
        {/* The account's name, hidden: password managers file the new password under it. */}
        {username ? (
          <input
            type="text"
            name="username"
            autoComplete="username"
            value={username}
            readOnly
            hidden
          />
        ) : null}
        <TextInputField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          value={values.currentPassword}
          onChange={update('currentPassword')}
          onBlur={() => touch('currentPassword')}
          error={shown('currentPassword')}
          inputRef={currentRef}
        />
        <TextInputField
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          value={values.newPassword}
          onChange={update('newPassword')}
          onBlur={() => touch('newPassword')}
          error={shown('newPassword')}
          description={<PasswordStrengthHint password={values.newPassword} />}
          inputRef={newRef}
        />
        <TextInputField
          label="Confirm new password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={values.confirm}
          onChange={update('confirm')}
          onBlur={() => touch('confirm')}
          error={shown('confirm')}
          inputRef={confirmRef}
        />
        <div>
          <Button type="submit" isPending={change.isPending}>
            {change.isPending ? 'Changing password...' : 'Change password'}
          </Button>
        </div>
        {failure ? (
          <p role="alert" className="text-sm text-red-800 dark:text-red-300">
            Password not changed: {failure}
          </p>
        ) : null}
      </Form>
    </Card>
  );
}
