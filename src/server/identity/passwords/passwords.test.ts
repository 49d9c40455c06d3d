import { describe, expect, it, vi } from 'vitest';
import { unmockAfterFile } from '#tests/support/fresh-modules';

// The server projects lower the cost for every other file (tests/support/scrypt-cost.ts); this
// file checks the production one, so it loads the modules afresh without that mock.
vi.hoisted(() => vi.resetModules());
vi.unmock('./scrypt-cost');
unmockAfterFile();
const { DUMMY_HASH, hashPassword, verifyPassword } = await import('./passwords');

describe('passwords', () => {
  it('stores scrypt with its parameters and a random salt, never the password', async () => {
    const [a, b] = await Promise.all([
      hashPassword('a long enough password'),
      hashPassword('a long enough password'),
    ]);
    expect(a).toMatch(/^scrypt\$ln=17,r=8,p=1\$[\w-]{22}\$[\w-]{86}$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('password');
  });

  it('verifies the right password and refuses others', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(await verifyPassword(hash, 'correct horse battery staple')).toBe(true);
    expect(await verifyPassword(hash, 'correct horse battery stapler')).toBe(false);
    expect(await verifyPassword(hash, '')).toBe(false);
  });

  it('treats the Unicode forms of one password alike', async () => {
    const hash = await hashPassword('caf\u00e9 au lait, please');
    expect(await verifyPassword(hash, 'cafe\u0301 au lait, please')).toBe(true);
  });

  it('makes a cheaper hash only within the costs a stored hash may name', async () => {
    const cheap = await hashPassword('correct horse battery staple', { ln: 10, r: 8, p: 1 });
    expect(cheap).toMatch(/^scrypt\$ln=10,r=8,p=1\$/);
    expect(await verifyPassword(cheap, 'correct horse battery staple')).toBe(true);
    await expect(hashPassword('x', { ln: 9, r: 8, p: 1 })).rejects.toThrow(RangeError);
    await expect(hashPassword('x', { ln: 21, r: 8, p: 1 })).rejects.toThrow(RangeError);
  });

  it('never matches a malformed or absurdly costly stored value', async () => {
    expect(await verifyPassword('plain-text', 'plain-text')).toBe(false);
    expect(await verifyPassword('scrypt$ln=30,r=8,p=1$AAAA$AAAA', 'x')).toBe(false);
  });

  it('has a dummy hash that costs as much as a real check and matches nothing', async () => {
    // verifyPassword derives a key with the stored cost and key length, so the same cost, salt
    // and key lengths are the same work; compared exactly rather than timed on a shared machine.
    const shape = (hash: string) => {
      const [scheme, cost, salt, key] = hash.split('$');
      return { scheme, cost, salt: salt?.length, key: key?.length };
    };
    const real = await hashPassword('correct horse battery staple');
    expect(shape(DUMMY_HASH)).toEqual(shape(real));
    expect(shape(DUMMY_HASH).cost).toBe('ln=17,r=8,p=1');
    expect(await verifyPassword(DUMMY_HASH, '')).toBe(false);
    expect(await verifyPassword(DUMMY_HASH, 'some guess')).toBe(false);
  });
});
