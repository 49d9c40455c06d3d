/**
 * docs/architecture.md cannot drift from the tree: its folder table is every folder under
 * src/server/, its namespace table is the app router, and every source path it names exists.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { namespaces, ROOT, routerFiles } from '#tests/support/router-files';

const DOC = 'docs/architecture.md';
const lines = readFileSync(path.join(ROOT, DOC), 'utf8').split('\n');

/** The first cell and the backticked words of the other cells, of each row of a section's table. */
function tableOf(heading: string): Map<string, string[]> {
  const start = lines.indexOf(heading);
  if (start < 0) throw new Error(`${DOC} has no "${heading}"`);
  const end = lines.findIndex((line, i) => i > start && line.startsWith('## '));
  const rows = new Map<string, string[]>();
  for (const line of lines.slice(start + 1, end)) {
    const [, key, rest = ''] = /^\|\s*`([^`]+)`\s*\|(.*)$/.exec(line) ?? [];
    if (key)
      rows.set(
        key,
        [...rest.matchAll(/`([^`]+)`/g)].map(([, word = '']) => word),
      );
  }
  return rows;
}

/** Every folder under src/server/ that holds something, as `src/server/x/y/`. */
function foldersUnder(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const child = `${folder}${entry.name}/`;
      const empty = readdirSync(path.join(ROOT, child)).length === 0;
      return [...(empty ? [] : [child]), ...foldersUnder(child)];
    });
}

/** Where a path in the page may start: the root, src/, src/server/ or src/client/. */
const BASES = ['', 'src/', 'src/server/', 'src/client/'];
const SOURCE_PATH = /^[\w.-]+(?:\/[\w.[\]$-]+)+\/?$/;
const SOURCE_END = /\.(?:tsx?|cjs|js|json|sql|md)$|\/$/;

describe(DOC, () => {
  it('lists every folder under src/server/, and none that is gone', () => {
    const onDisk = foldersUnder('src/server/').sort();
    const inDoc = [...tableOf('## The folders').keys()].sort();
    expect(
      {
        missingFromDoc: onDisk.filter((folder) => !inDoc.includes(folder)),
        goneFromDisk: inDoc.filter((folder) => !onDisk.includes(folder)),
      },
      `fix the table under "## The folders" in ${DOC}`,
    ).toEqual({ missingFromDoc: [], goneFromDisk: [] });
  });

  it("lists every namespace with its router's files, as app/app-router.ts composes them", () => {
    const files = routerFiles();
    const expected = namespaces().map(
      (namespace) =>
        `| \`${namespace}\` | ${(files.get(namespace) ?? []).map((file) => `\`${file}\``).join(', ')} |`,
    );
    const inDoc = [...tableOf('## Namespaces')].map(
      ([namespace, cells]) =>
        `| \`${namespace}\` | ${cells.map((file) => `\`${file}\``).join(', ')} |`,
    );
    expect(inDoc, `the table under "## Namespaces" in ${DOC} (prettier aligns it)`).toEqual(
      expected,
    );
  });

  it('names no source path that is gone', () => {
    const gone = lines.flatMap((line, i) =>
      [...line.matchAll(/`([^`\s]+)`/g)]
        .map(([, word = '']) => word)
        .filter((word) => SOURCE_PATH.test(word) && SOURCE_END.test(word))
        .filter((word) => !word.startsWith('dist/'))
        .filter((word) => !BASES.some((base) => existsSync(path.join(ROOT, base + word))))
        .map((word) => `${DOC}:${i + 1} ${word}`),
    );
    expect(gone, 'paths are written from the root, src/, src/server/ or src/client/').toEqual([]);
  });
});
