/**
 * docs/api.md keeps no second copy of the answers' shapes: their fields are the schemas in
 * src/shared/shapes/ (served as GET /api/openapi.json), and the page points at them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../../', import.meta.url);
const doc = readFileSync(new URL('docs/api.md', ROOT), 'utf8');

describe('docs/api.md and the answer schemas', () => {
  it('declares no type of its own: no TypeScript block with a `type … = {`', () => {
    const blocks = [...doc.matchAll(/```ts\n([\s\S]*?)```/g)].map(([, body]) => body ?? '');
    expect(blocks.filter((body) => /^\s*type \w+ = /m.test(body))).toEqual([]);
  });

  it('names only schema files that exist', () => {
    const named = [...new Set(doc.match(/src\/shared\/shapes\/[\w-]+\.ts/g) ?? [])];
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((file) => !existsSync(new URL(file, ROOT)))).toEqual([]);
  });
});
