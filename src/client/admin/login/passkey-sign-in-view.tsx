import { NativeButton } from './native-controls';
import { wrongAddressNote } from '../passkeys/passkey-address';

/**
 * What PasskeySignIn shows: the button and its polite note, or on an address where browsers
 * refuse passkeys the sentence that says so.
 */
export function PasskeySignInView({
  addressWorks,
  pending,
  isDisabled,
  note,
  onPress,
}: {
  addressWorks: boolean;
  pending: boolean;
  isDisabled: boolean;
  note: string;
  onPress: () => void;
}) {
  if (!addressWorks) {
    return (
      <div className="mt-6 border-t border-line pt-6">
        <p className="text-center text-sm text-muted">{wrongAddressNote(window.location)}</p>
      </div>
    );
  }
  return (
    <div className="mt-6 flex flex-col gap-3 border-t border-line pt-6">
      <NativeButton
        variant="secondary"
        onPress={onPress}
        isPending={pending}
        isDisabled={isDisabled}
      >
        {pending ? 'Signing in...' : 'Sign in with a passkey'}
      </NativeButton>
      <p aria-live="polite" className="min-h-5 text-center text-sm text-muted">
        {note}
      </p>
    </div>
  );
}
