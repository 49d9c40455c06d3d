import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import type { AdminUser } from '#shared/shapes/users';
import { trpc } from '#client/lib/trpc';
import { toast } from '#client/ui/toast';
import { PasswordStepForm } from '../account/password-step-form';
import { OWN_UNAUTHORIZED } from '../ui/errors';

/** Whether another administrator holds anything the reset would remove. */
export function hasSecondFactorToReset(user: AdminUser): boolean {
  return !user.current && !user.invited && (user.secondFactor === 'totp' || user.passkeys > 0);
}

export const passkeyCount = (n: number) => `${n} ${n === 1 ? 'passkey' : 'passkeys'}`;

/**
 * "Reset second factor" for another administrator who lost their phone or passkey device
 * (docs/decisions/0036): what will happen, said for this user, then your own password. A
 * wrong password is the field's error and the dialog stays; success closes it with a toast,
 * and the list is read again so the row shows the new state.
 */
export function ResetSecondFactorDialog({
  user,
  onClose,
  onReset,
}: {
  user: AdminUser | null;
  onClose: () => void;
  /** After a success, with the updated user (the row's button is then gone). */
  onReset: (user: AdminUser) => void;
}) {
  const utils = trpc.useUtils();
  const reset = trpc.users.resetSecondFactor.useMutation({
    meta: OWN_UNAUTHORIZED,
    // A 409 (nothing left, someone was faster) also means the row is out of date.
    onSettled: () => utils.users.invalidate(),
  });
  return (
    <ModalOverlay
      isOpen={user !== null}
      onOpenChange={(open) => {
        if (!open && !reset.isPending) onClose();
      }}
      isDismissable={!reset.isPending}
      isKeyboardDismissDisabled={reset.isPending}
      className="fixed inset-0 z-40 flex items-start justify-center overflow-y-auto bg-black/50 p-4 sm:items-center"
    >
      <Modal className="w-full max-w-md rounded-lg bg-raised shadow-xl">
        <Dialog className="p-6 outline-none">
          {user ? (
            <>
              <Heading slot="title" className="mb-2 text-xl font-semibold break-words text-ink">
                Reset the second factor of {user.username}
              </Heading>
              <WhatHappens user={user} />
              <PasswordStepForm
                label={`Reset the second factor of ${user.username}`}
                description="Yours, not theirs: it shows this is you."
                submitLabel="Reset second factor"
                pendingLabel="Resetting..."
                danger
                failurePrefix="Not reset: "
                send={async (password) => {
                  const result = await reset.mutateAsync({ id: user.id, password });
                  toast({
                    title: 'Second factor reset',
                    description: `${result.user.username} is signed out everywhere and signs in next with ${nextSignIn(result.user)}.`,
                  });
                  onReset(result.user);
                  onClose();
                }}
                onCancel={onClose}
              />
            </>
          ) : null}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

function nextSignIn(user: AdminUser): string {
  return user.email ? 'their password and a code e-mailed to them' : 'their password alone';
}

function WhatHappens({ user }: { user: AdminUser }) {
  return (
    <div className="mb-4 flex flex-col gap-2 text-sm text-muted">
      <p>For someone who lost their phone or passkey device. At once:</p>
      <ul className="list-disc pl-5">
        {user.secondFactor === 'totp' ? (
          <li>their authenticator app is turned off and their recovery codes are deleted;</li>
        ) : null}
        {user.passkeys > 0 ? (
          <li>
            their {passkeyCount(user.passkeys)} {user.passkeys === 1 ? 'is' : 'are'} deleted;
          </li>
        ) : null}
        <li>they are signed out everywhere.</li>
      </ul>
      <p>
        They sign in next with{' '}
        {user.email ? (
          <>
            their password and a code e-mailed to <span className="break-all">{user.email}</span>
          </>
        ) : (
          'their password alone (they have no e-mail address)'
        )}
        , then set up the app or passkeys again on their Account screen.
        {user.email ? ' They get an e-mail saying you did this.' : ''}
      </p>
    </div>
  );
}
