/** "Did you mean" (suggest.ts): the nearest published word, never a draft's; edits counted. */
import { describe, expect, it } from 'vitest';
import { adminCaller, createTestDeps } from '#tests/support/app';
import { editDistance, suggestedQuery } from './suggest';

describe('editDistance', () => {
  it('counts an insert, a delete, a replace and a swap of neighbours as one each', () => {
    expect(editDistance('suport', 'support', 2)).toBe(1);
    expect(editDistance('supprot', 'support', 2)).toBe(1);
    expect(editDistance('sepport', 'support', 2)).toBe(1);
    expect(editDistance('support', 'suppor', 2)).toBe(1);
    expect(editDistance('abc', 'xyz', 1)).toBe(2);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });
});

describe('suggestedQuery', () => {
  it('corrects each unknown word to the nearest published one, and only those', async () => {
    const deps = await createTestDeps();
    const admin = await adminCaller(deps);
    const create = (slug: string, body: string) =>
      admin.entries.create({ kind: 'insight', slug, title: 'Notes', summary: 'Proof.', body });
    const published = await create('evals', 'An **evaluation** set for [support](/x) teams.');
    await admin.entries.publish({ id: published.entry.id });
    await create('draft', 'Evaluator secrets.');
    expect(await suggestedQuery(deps.db, 'evaluaton supprot')).toBe('evaluation support');
    expect(await suggestedQuery(deps.db, 'teams evaluaton')).toBe('teams evaluation');
    // Nothing near, or nothing unknown: no suggestion. A draft's word is never offered.
    expect(await suggestedQuery(deps.db, 'zzzzqq')).toBeNull();
    expect(await suggestedQuery(deps.db, 'support teams')).toBeNull();
    expect(await suggestedQuery(deps.db, 'evaluatoin')).toBe('evaluation');
    expect(await suggestedQuery(deps.db, 'secrets')).toBeNull();
  });
});
