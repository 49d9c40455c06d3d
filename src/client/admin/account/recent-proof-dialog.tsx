import { useCallback, useRef, useState, type FormEvent } from 'react';
import { Dialog, Form, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { ACCOUNT_MESSAGES, appCodeField, provenPasswordField } from '#shared/account';
import { useExplainRefusal } from './account-session';
import { Button, TextInputField } from '../ui/controls';
import { errorMessage, isUnauthorized } from '../ui/errors';

/** What a change that needs a proof is sent with: nothing first, then what was asked for. */
export interface RecentProof {
  password?: string;
  code?: string;
}

/** What the server asked for: its 401's message names which (shared/account.ts). */
function askedFor(error: unknown): 'password' | 'code' | null {
  if (!isUnauthorized(error)) return null;
  const message = errorMessage(error);
  if (message === ACCOUNT_MESSAGES.passwordNeeded) return 'password';
  if (message === ACCOUNT_MESSAGES.appCodeNeeded) return 'code';
  return null;
}

interface Asking {
  title: string;
  send: (proof: RecentProof) => Promise<unknown>;
  password: boolean;
  code: boolean;
}

/**
 * Runs a change that needs a recent proof (docs/accounts.md, "Recent proof"): it is sent as
 * it is first, so an administrator who signed in or gave the password within 10 minutes is
 * asked nothing; when the server asks for the password (or, with the authenticator app on,
 * its code), a dialog asks for it and sends the change again. The mutation is sent with
 * OWN_UNAUTHORIZED and shows its own other failures; `run` answers whether it went through
 * without asking (false: refused, or the dialog took over).
 */
export function useRecentProofDialog() {
  const [asking, setAsking] = useState<Asking | null>(null);
  const explainRefusal = useExplainRefusal();
  const run = useCallback(
    async (title: string, send: (proof: RecentProof) => Promise<unknown>): Promise<boolean> => {
      try {
        await send({});
        return true;
      } catch (error) {
        const asked = askedFor(error);
        if (asked)
          setAsking({ title, send, password: asked === 'password', code: asked === 'code' });
        // Any other 401: the session may have ended; this finds out and signs out if so.
        else if (isUnauthorized(error)) await explainRefusal(error);
        return false;
      }
    },
    [explainRefusal],
  );
  const dialog = asking ? (
    <ProofDialog key={asking.title} asking={asking} onClose={() => setAsking(null)} />
  ) : null;
  return { run, dialog };
}

function ProofDialog({ asking, onClose }: { asking: Asking; onClose: () => void }) {
  const [fields, setFields] = useState({ password: asking.password, code: asking.code });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const explainRefusal = useExplainRefusal();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setFailure(null);
    const checked = {
      password: fields.password ? provenPasswordField.safeParse(password) : null,
      code: fields.code ? appCodeField.safeParse(code) : null,
    };
    const found = {
      password: checked.password?.error?.issues[0]?.message,
      code: checked.code?.error?.issues[0]?.message,
    };
    if (found.password || found.code) {
      setErrors(found);
      (found.password ? passwordRef : codeRef).current?.focus();
      return;
    }
    setPending(true);
    try {
      await asking.send({
        ...(fields.password ? { password } : {}),
        ...(fields.code ? { code: code.trim() } : {}),
      });
      onClose();
    } catch (error) {
      const asked = askedFor(error);
      if (asked === 'code' && !fields.code) {
        // The password was right; the app's code is asked for as well.
        setFields({ ...fields, code: true });
        setErrors({});
        return;
      }
      const refusal = await explainRefusal(error);
      if (refusal.kind === 'wrongPassword') {
        setFields({ ...fields, password: true });
        setErrors({ password: refusal.message });
        passwordRef.current?.focus();
      } else if (refusal.kind === 'badInput' && fields.code) {
        setErrors({ code: refusal.message });
        codeRef.current?.focus();
      } else if (refusal.kind === 'badInput' || refusal.kind === 'failed') {
        setFailure(refusal.message);
      } else {
        onClose();
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <ModalOverlay
      isOpen
      onOpenChange={(open) => {
        if (!open && !pending) onClose();
      }}
      isDismissable={!pending}
      isKeyboardDismissDisabled={pending}
      className="fixed inset-0 z-40 flex items-center justify-center bg-black/50 p-4"
    >
      <Modal className="w-full max-w-md rounded-lg bg-raised p-6 shadow-xl">
        <Dialog className="outline-none">
          <Heading slot="title" className="text-lg font-semibold text-ink">
            {asking.title}
          </Heading>
          <p className="mt-3 text-sm text-muted">
            {fields.code && !fields.password
              ? ACCOUNT_MESSAGES.appCodeNeeded
              : `${ACCOUNT_MESSAGES.passwordNeeded} You signed in, or last gave it, more than 10 minutes ago.`}
          </p>
          <Form
            onSubmit={(event) => void submit(event)}
            validationBehavior="aria"
            className="mt-4 flex flex-col gap-4"
          >
            {fields.password ? (
              <TextInputField
                label="Your password"
                name="password"
                type="password"
                autoComplete="current-password"
                autoFocus
                value={password}
                onChange={(value) => {
                  setPassword(value);
                  setErrors((current) => ({ ...current, password: undefined }));
                }}
                error={errors.password}
                inputRef={passwordRef}
              />
            ) : null}
            {fields.code ? (
              <TextInputField
                label="Code from your authenticator app"
                name="code"
                autoComplete="one-time-code"
                autoFocus={!fields.password}
                value={code}
                onChange={(value) => {
                  setCode(value);
                  setErrors((current) => ({ ...current, code: undefined }));
                }}
                error={errors.code}
                description="Or one of your recovery codes."
                inputRef={codeRef}
              />
            ) : null}
            {failure ? (
              <p role="alert" className="text-sm text-red-800 dark:text-red-300">
                {failure}
              </p>
            ) : null}
            <div className="mt-2 flex justify-end gap-2">
              <Button variant="secondary" onPress={onClose} isDisabled={pending}>
                Cancel
              </Button>
              <Button type="submit" isPending={pending}>
                {pending ? 'Checking...' : 'Confirm'}
              </Button>
            </div>
          </Form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
