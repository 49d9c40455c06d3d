import { useRef, useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { verifyCodeInput } from '#shared/auth';
import { recoveryCodeInput, SECOND_FACTOR_MESSAGES } from '#shared/second-factor';
import { CodeInput, toBoxes } from '../ui/code-input';
import { Button, TextInputField } from '../ui/controls';

interface CodeFormProps {
  isVerifying: boolean;
  isResending: boolean;
  /** Whether a new code can be sent (an e-mailed code; an app makes its own). */
  canResend: boolean;
  /** Whether recovery codes may exist (they come with the app, never with e-mailed codes). */
  canRecover: boolean;
  /** Start in the recovery-code field (kept across the remount after a refused code). */
  recovery: boolean;
  onRecoveryChange: (recovery: boolean) => void;
  onVerify: (code: string) => void;
  onRecover: (code: string) => void;
  onResend: () => void;
  onBack: () => void;
}

/**
 * Step two: the six-digit code (e-mailed or from the authenticator app), sent as soon as the
 * sixth digit is in, or, after "Use a recovery code", one of the recovery codes. The parent remounts it (with a new key) after a
 * refused code, which empties the field and puts the cursor back in it.
 */
export function CodeForm({
  isVerifying,
  isResending,
  canResend,
  canRecover,
  recovery,
  onRecoveryChange,
  onVerify,
  onRecover,
  onResend,
  onBack,
}: CodeFormProps) {
  const [boxes, setBoxes] = useState(() => toBoxes(''));
  const [recoveryText, setRecoveryText] = useState('');
  const [recoverySubmitted, setRecoverySubmitted] = useState(false);
  const recoveryRef = useRef<HTMLInputElement>(null);
  const parsed = verifyCodeInput.safeParse({ code: boxes.join('') });
  const parsedRecovery = recoveryCodeInput.safeParse({ code: recoveryText });
  // A recovery code is typed, so its button stays enabled and a wrong format is said in
  // words at the field; the six boxes cannot hold anything but digits, so theirs waits.
  const recoveryError =
    recoverySubmitted && !parsedRecovery.success ? SECOND_FACTOR_MESSAGES.recoveryCode : undefined;
  // The code already sent: the sixth digit sends it by itself, so an Enter or a press of
  // "Verify Code" straight after (before the parent says it is checking) must not send it
  // again. A refused code remounts this form, which forgets it.
  const sentCode = useRef<string | null>(null);

  const sendCode = (code: string) => {
    if (isVerifying || sentCode.current === code) return;
    sentCode.current = code;
    onVerify(code);
  };

  const changeBoxes = (next: string[]) => {
    setBoxes(next);
    const complete = verifyCodeInput.safeParse({ code: next.join('') });
    if (complete.success) sendCode(complete.data.code);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isVerifying) return;
    if (recovery) {
      setRecoverySubmitted(true);
      if (parsedRecovery.success) onRecover(parsedRecovery.data.code);
      else recoveryRef.current?.focus();
    } else if (parsed.success) sendCode(parsed.data.code);
  };

  return (
    <Form
      onSubmit={submit}
      className="flex flex-col gap-5"
      aria-label={recovery ? 'Use a recovery code' : 'Verify code'}
    >
      {recovery ? (
        <TextInputField
          label="Recovery code"
          name="recovery-code"
          autoComplete="off"
          autoFocus
          value={recoveryText}
          onChange={setRecoveryText}
          error={recoveryError}
          description="One of the 10 codes you stored when you set up the app, like abcde-fghij. Each works once."
          inputRef={recoveryRef}
        />
      ) : (
        <CodeInput value={boxes} onChange={changeBoxes} />
      )}
      <Button type="submit" isDisabled={!recovery && !parsed.success} isPending={isVerifying}>
        {isVerifying ? 'Verifying...' : recovery ? 'Use recovery code' : 'Verify Code'}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="ghost" onPress={onBack}>
          Back to sign in
        </Button>
        {canRecover ? (
          <Button variant="ghost" onPress={() => onRecoveryChange(!recovery)}>
            {recovery ? 'Use the 6-digit code' : 'Use a recovery code'}
          </Button>
        ) : null}
        {canResend && !recovery ? (
          <Button variant="ghost" onPress={onResend} isPending={isResending}>
            {isResending ? 'Sending...' : 'Send a new code'}
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
