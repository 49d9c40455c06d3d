import { useRef, useState } from 'react';
import { TextInputField } from '../ui/controls';
import { PasswordStrengthHint } from './password-strength';

const MISMATCH = 'The two passwords are not the same';

type Values = { password: string; confirm: string };

/**
 * A new password typed twice, for the pages a mailed link opens (an invitation, a password
 * reset). `passwordError` is the page's own rule for it (the server's schema), or undefined.
 */
export function useNewPassword(passwordError: (password: string) => string | undefined) {
  const [values, setValues] = useState<Values>({ password: '', confirm: '' });
  const [touched, setTouched] = useState<Partial<Record<keyof Values, boolean>>>({});
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);

  const errors = {
    password: passwordError(values.password),
    // Said as soon as something is typed in the second field, not only when it is left.
    confirm:
      values.confirm !== values.password && (touched.confirm || values.confirm)
        ? MISMATCH
        : undefined,
  };
  return {
    values,
    shown: {
      password: touched.password ? errors.password : undefined,
      confirm: touched.confirm ? errors.confirm : undefined,
    },
    refs: { password: passwordRef, confirm: confirmRef },
    change: (field: keyof Values, value: string) => {
      setValues((v) => ({ ...v, [field]: value }));
      setTouched((t) => ({ ...t, [field]: true }));
    },
    /** On submit: shows both fields' errors and focuses the first; true when it can be sent. */
    ready: (): boolean => {
      setTouched({ password: true, confirm: true });
      if (!errors.password && values.confirm === values.password) return true;
      (errors.password ? passwordRef : confirmRef).current?.focus();
      return false;
    },
  };
}

export function NewPasswordFields({
  form,
  username,
  autoFocus,
}: {
  form: ReturnType<typeof useNewPassword>;
  username: string;
  autoFocus?: boolean;
}) {
  return (
    <>
      {/* For password managers: they save the new password under this name. */}
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <TextInputField
        label="New password"
        name="new-password"
        type="password"
        autoComplete="new-password"
        description={<PasswordStrengthHint password={form.values.password} />}
        value={form.values.password}
        onChange={(password) => form.change('password', password)}
        error={form.shown.password}
        inputRef={form.refs.password}
        autoFocus={autoFocus}
      />
      <TextInputField
        label="Confirm password"
        name="confirm-password"
        type="password"
        autoComplete="new-password"
        value={form.values.confirm}
        onChange={(confirm) => form.change('confirm', confirm)}
        error={form.shown.confirm}
        inputRef={form.refs.confirm}
      />
    </>
  );
}
