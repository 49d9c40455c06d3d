/**
 * Stored JSON is read back with its schema, not a cast (issue 68): the signature of
 * `proposals.acceptance` (shared/shapes/proposals.ts `signatureRecord`) and the items, as the
 * acceptance and the drafts wrote them.
 */
import { describe, expect, it } from 'vitest';
import { parseItems, parseSignature } from './proposal-json';

const SIGNED = {
  name: 'Ada Client',
  email: 'ada@example.com',
  emailProof: 'code',
  at: '2026-11-22T11:45:21.000Z',
  ip: '203.0.113.0/24',
  userAgent: 'test',
};

describe('a stored proposal read back', () => {
  it('reads the signature as written, and one kept before `emailProof` was recorded', () => {
    expect(parseSignature(JSON.stringify(SIGNED))).toEqual(SIGNED);
    const older: Partial<typeof SIGNED> = { ...SIGNED };
    delete older.emailProof;
    expect(parseSignature(JSON.stringify(older))).toEqual(older);
    expect(parseSignature(null)).toBeNull();
  });

  it('refuses a signature that is not one, where a cast let it through', () => {
    const noTime: Partial<typeof SIGNED> = { ...SIGNED };
    delete noTime.at;
    expect(() => parseSignature(JSON.stringify(noTime))).toThrow();
    expect(() => parseSignature(JSON.stringify({ ...SIGNED, emailProof: 'guess' }))).toThrow();
  });

  it('reads the items in their order, and refuses an item of another shape', () => {
    const items = [
      { description: 'Discovery workshop', quantity: 2, unitAmount: 200_000 },
      { description: 'Report', quantity: 1.5, unitAmount: 999 },
    ];
    expect(parseItems(JSON.stringify(items))).toEqual(items);
    expect(() => parseItems(JSON.stringify([{ description: 'x', quantity: '2' }]))).toThrow();
  });
});
