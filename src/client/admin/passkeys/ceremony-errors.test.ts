import { WebAuthnError } from '@simplewebauthn/browser';
import { describe, expect, it } from 'vitest';
import { ceremonyOutcome, passkeysWorkAt, wrongAddressNote } from './ceremony-errors';

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

  it('says in plain words that passkeys need the site’s name, instead of "invalid domain"', () => {
    const local = { hostname: '127.0.0.1', port: '3000', protocol: 'http:' };
    const sentence =
      'Passkeys work on the site’s name, not on a number address like 127.0.0.1: open http://localhost:3000 instead.';
    const library = new WebAuthnError({
      message: '127.0.0.1 is an invalid domain',
      code: 'ERROR_INVALID_DOMAIN',
      cause: domError('SecurityError'),
    });
    expect(ceremonyOutcome(library, local)).toEqual({
      kind: 'failed',
      message: sentence,
      wrongAddress: true,
    });
    expect(ceremonyOutcome(domError('SecurityError'), local)).toEqual({
      kind: 'failed',
      message: sentence,
      wrongAddress: true,
    });
    expect(wrongAddressNote({ hostname: '[::1]', port: '', protocol: 'https:' })).toBe(
      'Passkeys work on the site’s name, not on a number address like ::1: open https://localhost instead.',
    );
    expect(wrongAddressNote({ hostname: '192.168.1.20', port: '3000', protocol: 'http:' })).toBe(
      'Passkeys work on the site’s name, not on a number address like 192.168.1.20: open the site by its name (SITE_URL).',
    );
    expect(
      ceremonyOutcome(
        new WebAuthnError({
          message: 'The RP ID "example.com" is invalid for this domain',
          code: 'ERROR_INVALID_RP_ID',
          cause: domError('SecurityError'),
        }),
        { hostname: 'staging.example.net', port: '', protocol: 'https:' },
      ),
    ).toEqual({
      kind: 'failed',
      message:
        'Passkeys work only on the address the site was set up with (SITE_URL): open the site there.',
      wrongAddress: true,
    });
  });

  it('knows where browsers refuse passkeys: IP addresses', () => {
    const at = (hostname: string) => passkeysWorkAt({ hostname, port: '', protocol: 'https:' });
    expect([at('127.0.0.1'), at('192.168.1.20'), at('[::1]'), at('[2001:db8::1]')]).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect([at('localhost'), at('www.example.com')]).toEqual([true, true]);
  });
});
