import { useCallback } from 'react';
import {
  startAuthentication,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { PASSKEY_MESSAGES } from '#shared/passkeys';
import { trpc } from '#client/lib/trpc';
import { errorMessage, isUnauthorized } from '../ui/errors';

/** Whether the server asked for a passkey confirmed in this session (docs/passkeys.md). */
export function passkeyAskedFor(error: unknown): boolean {
  return isUnauthorized(error) && errorMessage(error) === PASSKEY_MESSAGES.proofNeeded;
}

/**
 * Sends a change that turns a factor off; where the server asks for a passkey (the account
 * has one and not the app), runs the browser's passkey dialog for the user's own passkeys,
 * confirms it (`passkeys.prove`) and sends the change once more. A cancelled dialog or a
 * refused passkey is thrown to the caller, which shows it like its other failures.
 */
export function usePasskeyProof() {
  const utils = trpc.useUtils();
  return useCallback(
    async <T>(send: () => Promise<T>): Promise<T> => {
      try {
        return await send();
      } catch (error) {
        if (!passkeyAskedFor(error)) throw error;
      }
      const { options } = await utils.client.passkeys.proofOptions.mutate();
      const response = await startAuthentication({
        // The server's options as JSON: the library's type describes binary extension inputs,
        // which these options never carry.
        optionsJSON: options as PublicKeyCredentialRequestOptionsJSON,
      });
      await utils.client.passkeys.prove.mutate({ response });
      return send();
    },
    [utils],
  );
}
