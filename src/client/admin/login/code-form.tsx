import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { verifyCodeInput } from '../../../shared/auth';
import { CodeInput, toBoxes } from '../code-input';
import { Button } from '../controls';

interface CodeFormProps {
  isVerifying: boolean;
  isResending: boolean;
  onVerify: (code: string) => void;
  onResend: () => void;
  onBack: () => void;
}

/**
 * Step two: the six-digit code from the e-mail. The parent remounts it (with a new key)
 * after a refused code, which empties the boxes and puts the cursor back in the first.
 */
export function CodeForm({ isVerifying, isResending, onVerify, onResend, onBack }: CodeFormProps) {
  const [boxes, setBoxes] = useState(() => toBoxes(''));
  const code = boxes.join('');
  const parsed = verifyCodeInput.safeParse({ code });
  const complete = parsed.success;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (parsed.success && !isVerifying) onVerify(parsed.data.code);
  };

  return (
    <Form onSubmit={submit} className="flex flex-col gap-5" aria-label="Verify code">
      <CodeInput value={boxes} onChange={setBoxes} />
      <Button type="submit" isDisabled={!complete} isPending={isVerifying}>
        {isVerifying ? 'Verifying...' : 'Verify Code'}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="ghost" onPress={onBack}>
          Back to sign in
        </Button>
        <Button variant="ghost" onPress={onResend} isPending={isResending}>
          {isResending ? 'Sending...' : 'Send a new code'}
        </Button>
      </div>
    </Form>
  );
}
