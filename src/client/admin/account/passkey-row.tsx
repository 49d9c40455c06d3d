import { useEffect, useRef, useState } from 'react';
import type { PasskeySummary } from '#shared/shapes/passkeys';
import { trpc } from '#client/lib/trpc';
import { toast } from '#client/ui/toast';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Button } from '../ui/controls';
import { errorMessage, isNotFound, isUnauthorized, OWN_UNAUTHORIZED } from '../ui/errors';
import { usePasskeyProof } from '../passkeys/passkey-proof';
import { useRecentProofDialog } from './recent-proof-dialog';
import { DateTime, formatDateTime, formatLastActive } from '../ui/date-time';
import { RenamePasskeyForm } from './rename-passkey-form';

/** One passkey: its name, when it was added and last used; rename, remove. */
export function PasskeyRow({
  passkey,
  now,
  onRemoved,
}: {
  passkey: PasskeySummary;
  now: number;
  /** The row is about to leave the page: the card takes the focus. */
  onRemoved: () => void;
}) {
  const utils = trpc.useUtils();
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  // Back to the Rename button once the rename form closes (saved or cancelled).
  const refocusRename = useRef(false);
  useEffect(() => {
    if (!refocusRename.current || renaming) return;
    renameButton.current?.focus();
    refocusRename.current = false;
  }, [renaming]);
  // Removing needs a recent proof and, with the app on, its code: asked for when the server
  // does (recent-proof-dialog.tsx).
  const proof = useRecentProofDialog();
  // Without the app, a passkey confirmed in this session too (identity/passkeys/passkey-proof.ts).
  const withPasskey = usePasskeyProof();
  const remove = trpc.passkeys.remove.useMutation({
    meta: OWN_UNAUTHORIZED,
    onSuccess: () => {
      toast({ title: 'Passkey removed', description: `“${passkey.name}” can no longer sign in.` });
      onRemoved();
      void utils.account.get.invalidate();
    },
    onError: (error) => {
      setConfirming(false);
      if (isUnauthorized(error)) return;
      if (isNotFound(error)) {
        void utils.account.get.invalidate();
        return;
      }
      toast({
        title: 'Could not remove the passkey',
        description: errorMessage(error),
        variant: 'destructive',
      });
    },
  });
  const headingId = `passkey-${passkey.id}`;

  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-md border border-line p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h3 id={headingId} className="font-semibold break-words text-ink">
            {passkey.name}
          </h3>
          <p className="text-sm text-muted">
            Added <DateTime iso={passkey.createdAt} />
            {' · '}
            {passkey.lastUsedAt ? (
              <>
                Last used{' '}
                <time dateTime={passkey.lastUsedAt} title={formatDateTime(passkey.lastUsedAt)}>
                  {formatLastActive(passkey.lastUsedAt, now)}
                </time>
              </>
            ) : (
              'Never used'
            )}
          </p>
        </div>
        {renaming ? null : (
          <div className="flex gap-1">
            <Button
              ref={renameButton}
              variant="ghost"
              size="sm"
              aria-label={`Rename the passkey ${passkey.name}`}
              onPress={() => setRenaming(true)}
            >
              Rename
            </Button>
            <Button
              variant="ghost-danger"
              size="sm"
              aria-label={`Remove the passkey ${passkey.name}`}
              onPress={() => setConfirming(true)}
            >
              Remove
            </Button>
          </div>
        )}
      </div>
      {renaming ? (
        <RenamePasskeyForm
          passkey={passkey}
          onDone={() => {
            refocusRename.current = true;
            setRenaming(false);
          }}
        />
      ) : null}
      <ConfirmDialog
        isOpen={confirming}
        title="Remove this passkey?"
        question="It will no longer sign you in. Remove it from the device as well, in its settings."
        detail={passkey.name}
        confirmLabel="Remove"
        pendingLabel="Removing..."
        isPending={remove.isPending}
        onConfirm={() => {
          void proof
            .run('Remove this passkey', (given) =>
              withPasskey(() => remove.mutateAsync({ id: passkey.id, ...given })),
            )
            .finally(() => setConfirming(false));
        }}
        onCancel={() => setConfirming(false)}
      />
      {proof.dialog}
    </article>
  );
}
