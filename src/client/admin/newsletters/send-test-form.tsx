import { useRef, useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { newsletterTestInput } from '#shared/newsletter-admin';
import { validate } from '#client/lib/form-errors';
import { trpc } from '#client/lib/trpc';
import { closeToast, toast } from '#client/ui/toast';
import { Button, TextInputField } from '../ui/controls';
import { errorMessage, isBadRequest } from '../ui/errors';

/**
 * Each newsletter's "Test sent" toast while it may still show: the Send dialog closes it, so a
 * notice about the test copy is not on screen while the owner decides to send to everyone.
 */
const testToasts = new Map<number, string>();

/** Closes the newsletter's "Test sent" toast, if still there (the Send dialog is opening). */
export function closeTestToast(id: number): void {
  const key = testToasts.get(id);
  if (key === undefined) return;
  testToasts.delete(id);
  closeToast(key);
}

interface SendTestFormProps {
  id: number;
  /** Unsaved changes would not be in the copy: the form says so and waits for a save. */
  isDirty: boolean;
}

/**
 * One copy, subject prefixed "[Test] ", to the address typed or else the signed-in
 * administrator's own. A refusal stays on the page (a toast would be gone in 5 s): a missing
 * address as the field's error, anything else (the mail service down: 503) as an alert.
 */
export function SendTestForm({ id, isDirty }: SendTestFormProps) {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const sendTest = trpc.newsletters.sendTest.useMutation();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sendTest.isPending || isDirty) return;
    setFailure(null);
    const typed = email.trim();
    const result = validate(newsletterTestInput, { id, email: typed || undefined });
    if (!result.ok) {
      setFieldError(result.errors.email);
      inputRef.current?.focus();
      return;
    }
    setFieldError(undefined);
    sendTest.mutate(result.data, {
      onSuccess: () => {
        closeTestToast(id);
        const key = toast({
          title: 'Test sent',
          description: typed
            ? `A test copy went to ${typed}.`
            : 'A test copy went to your address.',
        });
        testToasts.set(id, key);
      },
      onError: (error) => {
        if (isBadRequest(error)) {
          setFieldError(errorMessage(error));
          inputRef.current?.focus();
        } else {
          setFailure(errorMessage(error));
        }
      },
    });
  };

  return (
    <Form
      onSubmit={submit}
      validationBehavior="aria"
      aria-labelledby="send-test-heading"
      className="flex flex-col gap-3"
    >
      <h2 id="send-test-heading" className="text-lg font-semibold text-ink">
        Send a test
      </h2>
      <TextInputField
        label="Test address (optional)"
        name="testEmail"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(value) => {
          setEmail(value);
          setFieldError(undefined);
        }}
        error={fieldError}
        description="Leave empty to send the test to your own address."
        inputRef={inputRef}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="submit"
          variant="secondary"
          isPending={sendTest.isPending}
          isDisabled={isDirty}
        >
          {sendTest.isPending ? 'Sending test...' : 'Send a test'}
        </Button>
        {isDirty ? (
          <p className="text-sm text-muted">
            Save your changes first: the test sends the saved version.
          </p>
        ) : null}
      </div>
      {failure ? (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          Test not sent: {failure}
        </p>
      ) : null}
    </Form>
  );
}
