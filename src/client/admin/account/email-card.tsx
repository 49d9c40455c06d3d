import { useState } from 'react';
import { trpc } from '#client/lib/trpc';
import { toast } from '#client/ui/toast';
import { Badge } from '../ui/badge';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Button, Card } from '../ui/controls';
import { ChangeEmailForm, RemoveEmailForm, VerifyEmailForm } from './email-forms';

const HEADING_ID = 'account-email-heading';

type Step =
  | { kind: 'view' }
  | { kind: 'change' }
  | { kind: 'code'; email: string }
  | { kind: 'confirmRemove' }
  | { kind: 'remove' };

/**
 * "Sign-in code by e-mail": the address codes go to, or Off. A new address counts only once
 * the code sent to it comes back (so a typo cannot lock anyone out); removing it is asked
 * about first, since signing in then needs only the password. Both changes need the password.
 */
export function EmailCard({
  email,
  appOn = false,
}: {
  email: string | null;
  /** The authenticator app is on: removing the address asks for its code too. */
  appOn?: boolean;
}) {
  const utils = trpc.useUtils();
  const [step, setStep] = useState<Step>({ kind: 'view' });
  const back = () => setStep({ kind: 'view' });

  return (
    <Card labelledBy={HEADING_ID}>
      <h2 id={HEADING_ID} className="text-lg font-semibold text-ink">
        Sign-in code by e-mail
      </h2>
      <p className="mt-1 text-sm text-muted">
        With an address, signing in asks for your password and then a 6-digit code sent to it.
        Changing or removing it signs out your other sessions (this one stays) and cancels any
        sign-in still waiting for its code.
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-2 text-ink">
        {email ? (
          <>
            <Badge tone="done">On</Badge>
            <span className="min-w-0 break-all">
              Codes go to <strong>{email}</strong>
            </span>
          </>
        ) : (
          <>
            <Badge tone="quiet">Off</Badge>
            <span>Signing in needs only your password.</span>
          </>
        )}
      </div>
      {email ? null : (
        <p className="mt-2 text-sm text-muted">
          Without an address, &ldquo;Forgot your password?&rdquo; cannot send you a link: add one to
          keep that way back.
        </p>
      )}

      <div className="mt-4">
        {step.kind === 'change' ? (
          <ChangeEmailForm onSent={(to) => setStep({ kind: 'code', email: to })} onCancel={back} />
        ) : step.kind === 'code' ? (
          <VerifyEmailForm
            email={step.email}
            onVerified={(to) => {
              toast({
                title: 'Address changed',
                description: `Sign-in codes now go to ${to}. Your other sessions were signed out.`,
              });
              void utils.account.get.invalidate();
              void utils.account.sessions.invalidate();
              back();
            }}
            onStartOver={() => setStep({ kind: 'change' })}
            onCancel={back}
          />
        ) : step.kind === 'remove' ? (
          <RemoveEmailForm
            appOn={appOn}
            onRemoved={() => {
              toast({
                title: 'Address removed',
                description:
                  'Signing in now needs only your password. Your other sessions were signed out.',
              });
              void utils.account.get.invalidate();
              void utils.account.sessions.invalidate();
              back();
            }}
            onCancel={back}
          />
        ) : (
          <div className="flex flex-wrap gap-3">
            <Button variant="secondary" onPress={() => setStep({ kind: 'change' })}>
              {email ? 'Change address' : 'Add an address'}
            </Button>
            {email ? (
              <Button variant="ghost-danger" onPress={() => setStep({ kind: 'confirmRemove' })}>
                Remove address
              </Button>
            ) : null}
          </div>
        )}
      </div>

      <ConfirmDialog
        isOpen={step.kind === 'confirmRemove'}
        title="Remove your address?"
        question="Without an address, signing in needs only your password."
        detail="Anyone who learns your password can then sign in, and “Forgot your password?” can no longer send you a link. You confirm with your password next."
        confirmLabel="Continue"
        pendingLabel="Continue"
        isPending={false}
        onConfirm={() => setStep({ kind: 'remove' })}
        onCancel={back}
      />
    </Card>
  );
}
