import { WebAuthnError } from '@simplewebauthn/browser';
import { describe, expect, it } from 'vitest';
import { ceremonyOutcome } from './ceremony-errors';

const domError = (name: string) => Object.assign(new Error('browser says no'), { name });

describe('ceremonyOutcome', () => {
  it('tells a cancelled or timed-out dialog, an aborted ceremony and a known device apart', () => {
    expect(ceremonyOutcome(domError('NotAllowedError'))).toEqual({ kind: 'cancelled' });
    expect(ceremonyOutcome(domError('AbortError'))).toEqual({ kind: 'aborted' });
    expect(
      ceremonyOutcome(
        new WebAuthnError({
          message: 'aborted',
          code: 'ERROR_CEREMONY_ABORTED',
          cause: domError('AbortError'),
        }),
      ),
    ).toEqual({ kind: 'aborted' });
    expect(
      ceremonyOutcome(
        new WebAuthnError({
          message: 'registered',
          code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED',
          cause: domError('InvalidStateError'),
        }),
      ),
    ).toEqual({ kind: 'alreadyRegistered' });
  });

  it('passes any other failure on as its readable message', () => {
    expect(ceremonyOutcome(new Error('That passkey could not sign you in.'))).toEqual({
      kind: 'failed',
      message: 'That passkey could not sign you in.',
    });
    expect(ceremonyOutcome('strange')).toEqual({ kind: 'failed', message: 'Unexpected error' });
  });
});
