import { useState } from 'react';
import { trpc } from '#client/lib/trpc';
import { toast } from '#client/ui/toast';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Card } from '../ui/controls';
import { OWN_UNAUTHORIZED } from '../ui/errors';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { PasswordStepForm } from './password-step-form';
import { ScanStep } from './totp-forms';
import { TotpButtons, TotpStatus } from './totp-status';
import { useFocusMainButton } from './use-focus-main-button';

const HEADING_ID = 'account-totp-heading';

/** Said above the first recovery codes, in place of a toast (docs/product.md, "Account"). */
const TURNED_ON =
  'Authenticator app on. Signing in now asks for its code. Your other sessions were signed out.';

type Step =
  | { kind: 'view' }
  | { kind: 'setupPassword' }
  | { kind: 'scan'; secret: string; otpauthUrl: string }
  | { kind: 'codes'; codes: string[]; turnedOn?: boolean }
  | { kind: 'regenerate' }
  | { kind: 'confirmOff' }
  | { kind: 'off' };

/**
 * "Authenticator app": set up (password, then the QR code or the key, then the app's first
 * code), the recovery codes shown once, new recovery codes, and turning it off. While on, it
 * replaces the e-mailed code at sign-in (docs/second-factor.md).
 */
export function TotpCard({
  username,
  isOn,
  codesLeft,
}: {
  username: string;
  isOn: boolean;
  codesLeft: number;
}) {
  const utils = trpc.useUtils();
  const [step, setStep] = useState<Step>({ kind: 'view' });
  const { mainButton, focusMainOnceShown } = useFocusMainButton(step.kind === 'view', isOn);
  /**
   * Back to the card's buttons, with focus on the first: the form that had it is gone.
   * After turning on or off, `then` waits for the account's new state, so the button that
   * takes focus is the one that stays.
   */
  const back = (then: 'on' | 'off' = isOn ? 'on' : 'off') => {
    focusMainOnceShown(then);
    setStep({ kind: 'view' });
  };
  const setup = trpc.secondFactor.totpSetup.useMutation({ meta: OWN_UNAUTHORIZED });
  const enable = trpc.secondFactor.totpEnable.useMutation();
  const cancelSetup = trpc.secondFactor.totpCancelSetup.useMutation();
  const regenerate = trpc.secondFactor.regenerateRecoveryCodes.useMutation({
    meta: OWN_UNAUTHORIZED,
  });
  const disable = trpc.secondFactor.totpDisable.useMutation({ meta: OWN_UNAUTHORIZED });
  /** The account's state again (on or off, codes left), and the sessions the change ended. */
  const refresh = () =>
    Promise.all([utils.account.get.invalidate(), utils.account.sessions.invalidate()]);

  return (
    <Card labelledBy={HEADING_ID}>
      <h2 id={HEADING_ID} className="text-lg font-semibold text-ink">
        Authenticator app
      </h2>
      <p className="mt-1 text-sm text-muted">
        An app on your phone (such as Google Authenticator, Microsoft Authenticator or 1Password)
        shows a new 6-digit code every 30 seconds. While it is on, signing in asks for that code
        instead of an e-mailed one. Turning it on or off signs out your other sessions.
      </p>
      <TotpStatus isOn={isOn} codesLeft={codesLeft} showCodesLeft={step.kind !== 'codes'} />

      <div className="mt-4">
        {step.kind === 'setupPassword' ? (
          <PasswordStepForm
            label="Set up an authenticator app"
            description="Confirm it is you; the next step shows the QR code."
            submitLabel="Continue"
            pendingLabel="Checking..."
            send={async (password) => {
              const answer = await setup.mutateAsync({ password });
              setStep({ kind: 'scan', secret: answer.secret, otpauthUrl: answer.otpauthUrl });
            }}
            onCancel={() => back()}
          />
        ) : step.kind === 'scan' ? (
          <ScanStep
            secret={step.secret}
            otpauthUrl={step.otpauthUrl}
            confirm={async (code) => {
              const answer = await enable.mutateAsync({ code });
              // The app is on from now: the card's badge says so while the codes show, and
              // the panel says what changed. No toast: focus is on the codes' heading, and on
              // a phone a toast covered the codes that must be written down now.
              void refresh();
              setStep({ kind: 'codes', codes: answer.recoveryCodes, turnedOn: true });
            }}
            onCancel={() => {
              // The secret shown is dropped on the server too; left, it would expire anyway.
              cancelSetup.mutate();
              back();
            }}
          />
        ) : step.kind === 'codes' ? (
          <RecoveryCodesPanel
            username={username}
            codes={step.codes}
            notice={step.turnedOn ? TURNED_ON : undefined}
            onDone={() => back('on')}
          />
        ) : step.kind === 'regenerate' ? (
          <PasswordStepForm
            label="Make new recovery codes"
            description="The codes you have now stop working."
            submitLabel="Make new codes"
            pendingLabel="Making codes..."
            withAppCode
            send={async (password, code) => {
              const answer = await regenerate.mutateAsync({ password, code });
              void refresh();
              setStep({ kind: 'codes', codes: answer.recoveryCodes });
            }}
            onCancel={() => back()}
          />
        ) : step.kind === 'off' ? (
          <PasswordStepForm
            label="Turn off the authenticator app"
            description="Signing in then asks for an e-mailed code, or only your password without an address. Your recovery codes stop working and your other sessions are signed out."
            submitLabel="Turn off"
            pendingLabel="Turning off..."
            danger
            withAppCode
            send={async (password, code) => {
              await disable.mutateAsync({ password, code });
              toast({
                title: 'Authenticator app off',
                description: 'Your other sessions were signed out.',
              });
              void refresh();
              back('off');
            }}
            onCancel={() => back()}
          />
        ) : (
          <TotpButtons
            isOn={isOn}
            mainButton={mainButton}
            onRegenerate={() => setStep({ kind: 'regenerate' })}
            onTurnOff={() => setStep({ kind: 'confirmOff' })}
            onSetUp={() => setStep({ kind: 'setupPassword' })}
          />
        )}
      </div>

      <ConfirmDialog
        isOpen={step.kind === 'confirmOff'}
        title="Turn off the authenticator app?"
        question="Anyone who learns your password then needs only your e-mail (or nothing more) to sign in."
        detail="Your recovery codes stop working. You confirm with your password next."
        confirmLabel="Continue"
        pendingLabel="Continue"
        isPending={false}
        onConfirm={() => setStep({ kind: 'off' })}
        // The dialog gives focus back to its trigger ("Turn off") itself.
        onCancel={() => setStep({ kind: 'view' })}
      />
    </Card>
  );
}
