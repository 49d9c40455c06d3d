import { describe, expect, it } from 'vitest';
import { bounceTokenKey } from '#server/platform/keys';
import { bounceAddressFits, MAX_BOUNCE_LOCAL_PART } from '#server/platform/bounce-address';
import { addressesIn, readVerp, verpAddress } from './verp';

const KEY = bounceTokenKey('a-session-secret-of-at-least-32-characters');
const OTHER_KEY = bounceTokenKey('another-session-secret-of-32-characters!');
const BOUNCES = 'bounces@example.com';

describe('VERP addresses', () => {
  it('names the outbox mail in the bounce address and reads it back', () => {
    const address = verpAddress(BOUNCES, 1234, KEY);
    expect(address).toMatch(/^bounces\+ya-[0-9a-f]{16}@example\.com$/);
    expect(readVerp(address, BOUNCES, KEY)).toBe(1234);
    expect(readVerp(`<${address}>`, BOUNCES, KEY)).toBe(1234);
  });

  it('reads an address whose case a server changed', () => {
    const address = verpAddress(BOUNCES, 42, KEY);
    expect(readVerp(address.toUpperCase(), 'Bounces@Example.COM', KEY)).toBe(42);
  });

  it('keeps the local part within 64 characters for the largest id', () => {
    const bounce = `${'b'.repeat(MAX_BOUNCE_LOCAL_PART)}@example.com`;
    const address = verpAddress(bounce, Number.MAX_SAFE_INTEGER, KEY);
    expect(address.split('@')[0]).toHaveLength(64);
    expect(readVerp(address, bounce, KEY)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('refuses a bounce address too long to carry a token, and ids that are not ids', () => {
    const long = `${'b'.repeat(MAX_BOUNCE_LOCAL_PART + 1)}@example.com`;
    expect(bounceAddressFits(long)).toBe(false);
    expect(bounceAddressFits(BOUNCES)).toBe(true);
    expect(bounceAddressFits('no-at-sign')).toBe(false);
    expect(() => verpAddress(long, 1, KEY)).toThrow(RangeError);
    for (const id of [0, -1, 1.5, Number.MAX_SAFE_INTEGER + 1]) {
      expect(() => verpAddress(BOUNCES, id, KEY)).toThrow(RangeError);
    }
  });

  it('keeps a bounce address that already has a + in it', () => {
    const address = verpAddress('me+bounces@example.com', 7, KEY);
    expect(address.startsWith('me+bounces+7-')).toBe(true);
    expect(readVerp(address, 'me+bounces@example.com', KEY)).toBe(7);
  });

  it('does not show the recipient: the token is an id and a MAC only', () => {
    const address = verpAddress(BOUNCES, 99, KEY);
    expect(address).not.toMatch(/%|=/);
    expect(address.split('@')[0]).toMatch(/^bounces\+[0-9a-z]+-[0-9a-f]+$/);
  });

  it('refuses forged, altered, foreign and other-key tokens', () => {
    const address = verpAddress(BOUNCES, 1234, KEY);
    const [local = '', domain = ''] = address.split('@');
    const lastHex = local.slice(-1) === '0' ? '1' : '0';
    const forged = [
      verpAddress(BOUNCES, 1234, OTHER_KEY),
      `${local.slice(0, -1)}${lastHex}@${domain}`,
      // another id with this id's MAC
      address.replace('+ya-', '+yb-'),
      // a leading zero: the same id spelled another way
      address.replace('+ya-', '+0ya-'),
      address.replace('@example.com', '@example.org'),
      address.replace('bounces+', 'other+'),
      'bounces@example.com',
      'bounces+@example.com',
      'bounces+ya-zz@example.com',
      'someone@example.com',
      'not an address',
      '',
    ];
    for (const candidate of forged) expect(readVerp(candidate, BOUNCES, KEY)).toBeNull();
  });

  it('finds the addresses in a header', () => {
    expect(addressesIn('"Bounces" <bounces+1-ab@example.com>, x@y.org (me)')).toEqual([
      'bounces+1-ab@example.com',
      'x@y.org',
    ]);
    expect(addressesIn('undisclosed-recipients:;')).toEqual([]);
  });
});
