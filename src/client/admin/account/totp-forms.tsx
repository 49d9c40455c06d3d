import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { totpEnableInput } from '#shared/second-factor';
import { toast } from '#client/ui/toast';
import { CodeInput, toBoxes } from '../ui/code-input';
import { Button } from '../ui/controls';
import { errorMessage, isUnauthorized } from '../ui/errors';
import { Failure } from './password-step-form';
import { QrCode } from './qr-code';

/** "ABCD EFGH ...": the secret in groups of four, easier to read and type. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * Step two of the set-up: the QR code (drawn here) and the secret as text for typing, then
 * the app's first code, which turns the app on. Its heading takes focus when it appears, so
 * a screen reader starts here rather than on the password field that is gone.
 */
export function ScanStep({
  secret,
  otpauthUrl,
  confirm,
  onCancel,
}: {
  secret: string;
  otpauthUrl: string;
  confirm: (code: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [boxes, setBoxes] = useState(() => toBoxes(''));
  const [attempt, setAttempt] = useState(0);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const secretId = useId();
  const promptId = useId();
  const parsed = totpEnableInput.safeParse({ code: boxes.join('') });
  useEffect(() => heading.current?.focus(), []);

  const copySecret = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toast({ title: 'Copied', description: 'The secret key is on the clipboard.' });
    } catch {
      toast({ title: 'Could not copy', description: 'Select the key and copy it.' });
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!parsed.success || pending) return;
    setFailure(null);
    setPending(true);
    try {
      await confirm(parsed.data.code);
    } catch (error) {
      setPending(false);
      // A 401 means the session ended: the shell's watcher takes the visitor to sign in.
      if (isUnauthorized(error)) return;
      setFailure(errorMessage(error));
      setBoxes(toBoxes(''));
      setAttempt((n) => n + 1);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <h3 ref={heading} tabIndex={-1} className="font-semibold text-ink outline-none">
        Connect your authenticator app
      </h3>
      <ol className="flex list-decimal flex-col gap-4 pl-5 text-ink">
        <li>
          <p>Scan this code with your authenticator app.</p>
          <div className="mt-2">
            <QrCode value={otpauthUrl} label="QR code for your authenticator app" />
          </div>
        </li>
        <li>
          <p>Or type this secret key into the app (time-based, 6 digits):</p>
          <div className="mt-2 flex flex-col gap-1">
            <label htmlFor={secretId} className="text-sm font-medium text-ink">
              Secret key
            </label>
            <div className="flex flex-wrap items-center gap-3">
              <input
                id={secretId}
                readOnly
                value={grouped(secret)}
                data-secret={secret}
                onFocus={(event) => event.target.select()}
                className="w-full max-w-xs rounded-md border border-line-strong bg-subtle px-2 py-1 font-mono text-ink focus:ring-2 focus:ring-brand-600 focus:outline-none dark:focus:ring-brand-400"
              />
              <Button variant="secondary" size="sm" onPress={() => void copySecret()}>
                Copy key
              </Button>
            </div>
          </div>
        </li>
        <li>
          <Form
            onSubmit={(event) => void submit(event)}
            aria-label="Confirm the app"
            className="flex flex-col gap-3"
          >
            <p id={promptId}>Enter the 6-digit code the app shows now.</p>
            <CodeInput
              key={attempt}
              value={boxes}
              onChange={setBoxes}
              isDisabled={pending}
              autoFocus={false}
              describedBy={promptId}
            />
            <Failure>{failure}</Failure>
            <div className="flex flex-wrap gap-3">
              <Button type="submit" isDisabled={!parsed.success} isPending={pending}>
                {pending ? 'Turning on...' : 'Turn on'}
              </Button>
              <Button variant="ghost" onPress={onCancel} isDisabled={pending}>
                Cancel
              </Button>
            </div>
          </Form>
        </li>
      </ol>
    </div>
  );
}
