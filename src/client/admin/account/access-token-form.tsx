import { useId, useRef, useState, type FormEvent } from 'react';
import { Form, Label, Radio, RadioGroup } from 'react-aria-components';
import {
  accessTokenNameField,
  SCOPE_LABELS,
  scopesField,
  scopeValues,
  tokenDaysValues,
  type Scope,
  type TokenDays,
} from '#shared/access-tokens';
import type { AccessTokenSummary } from '#shared/shapes/access-tokens';
import { focusRing } from '#shared/ui-styles';
import { trpc } from '#client/lib/trpc';
import { toast } from '#client/ui/toast';
import { Button, TextInputField } from '../ui/controls';
import { errorMessage, isConflict, isUnauthorized, OWN_UNAUTHORIZED } from '../ui/errors';
import { fieldIssues } from '../ui/field-issues';
import { useRecentProofDialog } from './recent-proof-dialog';

const radioClass = `inline-flex min-h-11 cursor-pointer items-center rounded-md border border-line-strong px-3 text-sm font-medium text-ink data-hovered:bg-subtle data-selected:border-brand-700 data-selected:bg-brand-700 data-selected:text-white dark:data-selected:border-brand-400 sm:min-h-9 ${focusRing}`;

type Errors = Partial<Record<'name' | 'scopes' | 'days', string>>;

/**
 * A new access token: its name, scopes (checkboxes, at least one) and lifetime (7, 30 or 90 days, a
 * radio group: arrow keys move). Creating it needs a recent proof: the password is asked for in a
 * dialog when the server wants it (recent-proof-dialog.tsx). The secret is handed to
 * `onCreated`, which shows it once.
 */
export function AccessTokenForm({
  onCreated,
  onCancel,
}: {
  onCreated: (created: { token: AccessTokenSummary; secret: string }) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Scope[]>([]);
  const [days, setDays] = useState<TokenDays>(30);
  const [errors, setErrors] = useState<Errors>({});
  const nameRef = useRef<HTMLInputElement>(null);
  const firstScope = useRef<HTMLInputElement>(null);
  const utils = trpc.useUtils();
  const proof = useRecentProofDialog();
  const create = trpc.accessTokens.create.useMutation({
    meta: OWN_UNAUTHORIZED,
    onSuccess: (answer) => {
      void utils.accessTokens.list.invalidate();
      onCreated({ token: answer.token, secret: answer.secret });
    },
    onError: (error) => {
      // A 401 is the recent proof dialog's (the password asked for, or a session that ended).
      if (isUnauthorized(error)) return;
      const issues = fieldIssues(error);
      if (Object.keys(issues).length > 0) {
        setErrors({ name: issues['name'], scopes: issues['scopes'], days: issues['days'] });
        return;
      }
      toast({
        title: isConflict(error) ? 'Too many tokens' : 'Could not create the token',
        description: errorMessage(error),
        variant: 'destructive',
      });
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const checked = {
      name: accessTokenNameField.safeParse(name),
      scopes: scopesField.safeParse(scopes),
    };
    const found: Errors = {
      name: checked.name.error?.issues[0]?.message,
      scopes: checked.scopes.error?.issues[0]?.message,
    };
    setErrors(found);
    if (found.name) return nameRef.current?.focus();
    if (found.scopes) return firstScope.current?.focus();
    void proof.run('Create an access token', (given) =>
      create.mutateAsync({ name, scopes, days, ...given }),
    );
  };

  const toggle = (scope: Scope, on: boolean) => {
    // Kept in the list's order, as the server stores them.
    const next = scopeValues.filter((s) => (s === scope ? on : scopes.includes(s)));
    setScopes(next);
    if (errors.scopes) setErrors({ ...errors, scopes: undefined });
  };

  return (
    <>
      <Form
        onSubmit={submit}
        validationBehavior="aria"
        aria-label="Create an access token"
        className="flex flex-col gap-4 rounded-md border border-line p-4"
      >
        <TextInputField
          label="Name"
          name="token-name"
          value={name}
          onChange={(value) => {
            setName(value);
            if (errors.name) setErrors({ ...errors, name: undefined });
          }}
          error={errors.name}
          description="So you can tell your tokens apart, e.g. the app that uses it."
          inputRef={nameRef}
          autoFocus
        />
        <ScopesField
          scopes={scopes}
          error={errors.scopes}
          onToggle={toggle}
          firstRef={firstScope}
        />
        <LifetimeField days={days} error={errors.days} onChange={setDays} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" isPending={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create token'}
          </Button>
          <Button variant="secondary" onPress={onCancel} isDisabled={create.isPending}>
            Cancel
          </Button>
        </div>
      </Form>
      {/* Outside the form: the dialog's own form must not submit this one (React events
        bubble through portals). */}
      {proof.dialog}
    </>
  );
}

/** The scopes, checkboxes in the list's order: at least one, its message under them. */
function ScopesField({
  scopes,
  error,
  onToggle,
  firstRef,
}: {
  scopes: Scope[];
  error: string | undefined;
  onToggle: (scope: Scope, on: boolean) => void;
  firstRef: React.Ref<HTMLInputElement>;
}) {
  const errorId = useId();
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-ink">Scopes</legend>
      <p className="text-xs text-muted">
        What the token may do. No token can send mail, publish, delete or change administrators.
      </p>
      {scopeValues.map((scope, index) => (
        <ScopeCheckbox
          key={scope}
          scope={scope}
          checked={scopes.includes(scope)}
          invalid={Boolean(error)}
          onChange={(on) => onToggle(scope, on)}
          inputRef={index === 0 ? firstRef : undefined}
        />
      ))}
      {error ? (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** How long the token lasts: a radio group (arrow keys move). */
function LifetimeField({
  days,
  error,
  onChange,
}: {
  days: TokenDays;
  error: string | undefined;
  onChange: (days: TokenDays) => void;
}) {
  return (
    <RadioGroup
      value={String(days)}
      onChange={(value) => onChange(Number(value) as TokenDays)}
      orientation="horizontal"
      isInvalid={Boolean(error)}
      className="flex flex-col gap-2"
    >
      <Label className="text-sm font-medium text-ink">Expires after</Label>
      <div className="flex flex-wrap gap-2">
        {tokenDaysValues.map((value) => (
          <Radio key={value} value={String(value)} className={radioClass}>
            {value} days
          </Radio>
        ))}
      </div>
      {error ? <p className="text-sm text-red-700 dark:text-red-300">{error}</p> : null}
    </RadioGroup>
  );
}

function ScopeCheckbox({
  scope,
  checked,
  invalid,
  onChange,
  inputRef,
}: {
  scope: Scope;
  checked: boolean;
  invalid: boolean;
  onChange: (checked: boolean) => void;
  inputRef?: React.Ref<HTMLInputElement>;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        ref={inputRef}
        type="checkbox"
        name="scopes"
        value={scope}
        checked={checked}
        aria-invalid={invalid || undefined}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-1 h-4 w-4 shrink-0 accent-brand-700"
      />
      <label htmlFor={id} className="text-sm text-ink">
        <code className="font-mono">{scope}</code>{' '}
        <span className="text-muted">{SCOPE_LABELS[scope]}</span>
      </label>
    </div>
  );
}
