import { useRef, useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { loginInput, type LoginInput } from '#shared/auth';
import { Button, TextInputField } from '../controls';

type LoginErrors = Partial<Record<keyof LoginInput, string>>;

function validate(
  values: LoginInput,
): { ok: true; data: LoginInput } | { ok: false; errors: LoginErrors } {
  const parsed = loginInput.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: LoginErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'username' || field === 'password') && !errors[field]) {
      errors[field] = issue.message;
    }
  }
  return { ok: false, errors };
}

interface PasswordFormProps {
  initialUsername: string;
  isSubmitting: boolean;
  onSubmit: (credentials: LoginInput) => void;
}

/** Step one of the sign-in: username and password, checked with the shared schema first. */
export function PasswordForm({ initialUsername, isSubmitting, onSubmit }: PasswordFormProps) {
  const [values, setValues] = useState<LoginInput>({ username: initialUsername, password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const change = (field: keyof LoginInput, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Once someone has tried to submit, errors follow their typing instead of lingering.
    if (submitted) {
      const result = validate(next);
      setErrors(result.ok ? {} : result.errors);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    setSubmitted(true);
    const result = validate(values);
    if (!result.ok) {
      setErrors(result.errors);
      (result.errors.username ? usernameRef : passwordRef).current?.focus();
      return;
    }
    setErrors({});
    onSubmit(result.data);
  };

  return (
    <Form
      onSubmit={submit}
      className="flex flex-col gap-4"
      aria-label="Sign in"
      validationBehavior="aria"
    >
      <TextInputField
        label="Username"
        name="username"
        // "webauthn": the browser may offer the site's passkeys in this field's autofill.
        autoComplete="username webauthn"
        value={values.username}
        onChange={(v) => change('username', v)}
        error={errors.username}
        inputRef={usernameRef}
        autoFocus={initialUsername === ''}
      />
      <TextInputField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        onChange={(v) => change('password', v)}
        error={errors.password}
        inputRef={passwordRef}
        autoFocus={initialUsername !== ''}
      />
      <Button type="submit" isPending={isSubmitting} className="mt-2">
        {isSubmitting ? 'Signing in...' : 'Sign In'}
      </Button>
    </Form>
  );
}
