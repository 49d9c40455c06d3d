/**
 * One word, one room (issue 68; scripts/names.ts): the repository has no two folders of one
 * name under src/server/ and no exported type name declared twice in src/ or db/, and each
 * check refuses a planted second one.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  exportedTypeNames,
  repeatedFolderNames,
  repeatedTypeNames,
  repeatedTypeNamesIn,
} from './names';

const ROOT = path.resolve(import.meta.dirname, '..');
const planted: string[] = [];

afterAll(() => {
  for (const folder of planted) rmSync(folder, { recursive: true, force: true });
});

/** A tree of its own holding the given files. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'names-'));
  planted.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe('one word, one room', () => {
  it('gives no two folders under src/server/ one name', () => {
    const repeated = repeatedFolderNames(ROOT);
    expect(repeated, 'rename one for what it holds (docs/architecture.md)').toEqual([]);
  });

  it('refuses a planted second folder of a name, however deep', () => {
    const root = tree({
      'src/server/pdf/page-writer.ts': '',
      'src/server/proposals/pdf/stored-pdf.ts': '',
      'src/server/identity/recent-proof/recent-proof.ts': '',
    });
    expect(repeatedFolderNames(root)).toEqual(['pdf: src/server/pdf/, src/server/proposals/pdf/']);
  });

  it('declares each exported type name once in src/ and db/', () => {
    const repeated = repeatedTypeNamesIn(ROOT);
    expect(repeated, 'name each for what it means, or import the one there is').toEqual([]);
  });

  it('refuses a planted second declaration of an exported type name', () => {
    const root = tree({
      'src/shared/shapes/proposals.ts': 'export type ProposalRow = { id: number };\n',
      'src/server/proposals/proposal-json.ts': 'export interface ProposalRow { id: number }\n',
      'db/rows.ts': 'type Local = string;\nexport { Local as ProposalRow };\n',
      'src/client/lib/api-types.ts':
        "export type { ProposalRow } from '#shared/shapes/proposals';\n",
      'src/server/proposals/router.test.ts': 'export type ProposalRow = number;\n',
    });
    expect(repeatedTypeNamesIn(root)).toEqual([
      'ProposalRow: db/rows.ts, src/server/proposals/proposal-json.ts, src/shared/shapes/proposals.ts',
    ]);
  });

  it('counts declarations, not re-exports, imports or local types', () => {
    const text = [
      "import type { Imported } from './a';",
      "export type { Again } from './b';",
      "export { value } from './c';",
      'type Kept = number;',
      'interface Shown { a: number }',
      'export { Shown };',
      'export enum Colour { Red }',
      'export class Failure extends Error {}',
      'export const value = 1;',
    ].join('\n');
    expect(exportedTypeNames('m.ts', text).sort()).toEqual(['Colour', 'Failure', 'Shown']);
    expect(
      repeatedTypeNames([
        { file: 'a.ts', text: 'export type Once = 1;' },
        { file: 'b.ts', text: "export type { Once } from './a';" },
      ]),
    ).toEqual([]);
  });
});
