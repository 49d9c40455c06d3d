import { useRef, useState, type FormEvent } from 'react';
import type { LoginInput, loginInput } from '#shared/auth';
import { NativeButton, NativeTextField } from './native-controls';

type LoginErrors = Partial<Record<keyof LoginInput, string>>;
type LoginSchema = typeof loginInput;

/**
 * The shared schema, with zod, fetched when the person starts typing (or presses Sign In
 * first), not with the page: the sign-in page's first load stays light (docs/performance.md,
 * "The sign-in page's first load").
 */
let schemaLoad: Promise<LoginSchema> | null = null;
function loadSchema(): Promise<LoginSchema> {
  schemaLoad ??= import('#shared/auth').then((m) => m.loginInput);
  // A failed fetch (offline) is tried again at the next attempt.
  schemaLoad.catch(() => (schemaLoad = null));
  return schemaLoad;
}

function validate(
  schema: LoginSchema,
  values: LoginInput,
): { ok: true; data: LoginInput } | { ok: false; errors: LoginErrors } {
  const parsed = schema.safeParse(values);
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
  const schema = useRef<LoginSchema | null>(null);
  // Between a press of Sign In and the schema's arrival: a second press waits for the first.
  const checking = useRef(false);

  const change = (field: keyof LoginInput, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (!schema.current) {
      loadSchema().then(
        (loaded) => (schema.current = loaded),
        () => {},
      );
    }
    // Once someone has tried to submit, errors follow their typing instead of lingering
    // (the schema came with that try).
    if (submitted && schema.current) {
      const result = validate(schema.current, next);
      setErrors(result.ok ? {} : result.errors);
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting || checking.current) return;
    checking.current = true;
    try {
      schema.current ??= await loadSchema();
    } catch {
      // Its code could not be fetched: the server checks the same rules and answers.
      onSubmit(values);
      return;
    } finally {
      checking.current = false;
    }
    setSubmitted(true);
    const result = validate(schema.current, values);
    if (!result.ok) {
      setErrors(result.errors);
      (result.errors.username ? usernameRef : passwordRef).current?.focus();
      return;
    }
    setErrors({});
    onSubmit(result.data);
  };

  return (
    // noValidate: the shared schema's messages are the only ones, said at the fields.
    <form
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-4"
      aria-label="Sign in"
      noValidate
    >
      <NativeTextField
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
      <NativeTextField
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
      <NativeButton type="submit" isPending={isSubmitting} className="mt-2">
        {isSubmitting ? 'Signing in...' : 'Sign In'}
      </NativeButton>
    </form>
  );
}
