/**
 * docs/architecture.md cannot drift from the tree: its folder table is every folder under
 * src/server/, its namespace table is the app router, every source path it names exists, in its
 * tables and its prose alike, and a bare file name lies in the folder named before it (two hops
 * from a behaviour to its file, never a search). Its claims about the checks hold too: the
 * tiers and the features' order as .dependency-cruiser.cjs declares them, and "Written once"
 * as the lint rules of scripts/one-place-rules.js.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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
const SOURCE_END = /\.(?:tsx?|cjs|mjs|js|json|sql|md|css)$|\/$/;
/** A file named without its folder (`outbox-job.ts`): it lies in the folder named before it. */
const BARE_FILE = /^[\w.$-]+\.(?:tsx?|cjs|mjs|js|json|sql|css)$/;

/** The lines of a section, from its heading to the next heading of its level or above. */
function sectionOf(heading: string): string[] {
  const start = lines.indexOf(heading);
  if (start < 0) throw new Error(`${DOC} has no "${heading}"`);
  const level = /^#+/.exec(heading)?.[0] ?? '#';
  const end = lines.findIndex(
    (line, i) =>
      i > start && /^#+ /.test(line) && (/^#+/.exec(line)?.[0].length ?? 0) <= level.length,
  );
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

/** The lines of the first fenced block of a section. */
function drawingOf(heading: string): string[] {
  const section = sectionOf(heading);
  const open = section.findIndex((line) => line.startsWith('```'));
  const close = section.findIndex((line, i) => i > open && line.startsWith('```'));
  return section.slice(open + 1, close);
}

/** Whether `word` names a file or folder from the root, src/, src/server/ or src/client/. */
function exists(word: string): boolean {
  return BASES.some((base) => existsSync(path.join(ROOT, base + word)));
}

/** The tiers and the features' order that .dependency-cruiser.cjs declares. */
interface Order {
  tiers: { name: string; folders?: string[] }[];
  features: { name: string; buildsOn: string[] }[];
}
const order = createRequire(import.meta.url)(path.join(ROOT, '.dependency-cruiser.cjs')) as Order;

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
    expect(inDoc, `the table under "## Namespaces" in ${DOC} (the formatter aligns it)`).toEqual(
      expected,
    );
  });

  it('names no source path that is gone', () => {
    const gone = lines.flatMap((line, i) =>
      [...line.matchAll(/`([^`\s]+)`/g)]
        .map(([, word = '']) => word)
        .filter((word) => SOURCE_PATH.test(word) && SOURCE_END.test(word))
        .filter((word) => !word.startsWith('dist/'))
        .filter((word) => !exists(word))
        .map((word) => `${DOC}:${i + 1} ${word}`),
    );
    expect(gone, 'paths are written from the root, src/, src/server/ or src/client/').toEqual([]);
  });

  it('names each bare file in the folder named before it, in its row, paragraph or item', () => {
    const astray: string[] = [];
    let folder: string | null = null;
    lines.forEach((line, i) => {
      // A table row, a list item, a heading or a blank line starts afresh.
      if (/^(?:\||#|- |\d+\. |```|\s*$)/.test(line)) folder = null;
      for (const [, word = ''] of line.matchAll(/`([^`\s]+)`/g)) {
        if (word.includes('/') && SOURCE_END.test(word)) {
          // A pattern (`src/server/<feature>/router.ts`) names no folder to look in.
          const named = word.endsWith('/') ? word : `${path.posix.dirname(word)}/`;
          folder = /[<>*]/.test(word) ? '*' : named;
        } else if (BARE_FILE.test(word) && folder !== '*') {
          if (existsSync(path.join(ROOT, word)) || (folder !== null && exists(folder + word))) {
            continue;
          }
          astray.push(`${DOC}:${i + 1} ${word} (not in ${folder ?? 'the root'})`);
        }
      }
    });
    expect(astray, 'write the path from its folder, or after a path in the same folder').toEqual(
      [],
    );
  });

  it('draws the tiers as .dependency-cruiser.cjs declares them, with their folders', () => {
    const tiers = sectionOf('## The layers').flatMap((line) => {
      const [, number = '', name = ''] = /^ (\d) ([a-z]+) /.exec(line) ?? [];
      return number ? [{ number: Number(number), name, line }] : [];
    });
    expect(tiers.map(({ number, name }) => `${number} ${name}`)).toEqual(
      order.tiers.map(({ name }, index) => `${index + 1} ${name}`).reverse(),
    );
    const unnamed = order.tiers.flatMap(({ name, folders = [] }) =>
      folders
        .filter(
          (folder) =>
            !new RegExp(`\\b${folder}\\b`).test(
              tiers.find((tier) => tier.name === name)?.line ?? '',
            ),
        )
        .map((folder) => `${name}: ${folder}`),
    );
    expect(unnamed, "each tier's line names its folders").toEqual([]);
  });

  it("draws the features' order as FEATURES of .dependency-cruiser.cjs declares it", () => {
    const drawn = drawingOf("### The features' order").flatMap((line) => {
      const [, names = '', on = ''] =
        /^ ([a-z]+(?:, [a-z]+)*)(?:\s+-> ([a-z]+(?:, [a-z]+)*))?/.exec(line) ?? [];
      return names
        .split(', ')
        .filter(Boolean)
        .map((name) => `${name} -> ${on}`);
    });
    expect(drawn).toEqual(
      order.features.map(({ name, buildsOn }) => `${name} -> ${buildsOn.join(', ')}`),
    );
  });

  it('names in "Written once" the lint rules scripts/one-place-rules.js has', () => {
    const named = sectionOf('## Written once').flatMap((line) =>
      [...line.matchAll(/`one-place\/([\w-]+)`/g)].map(([, rule = '']) => rule),
    );
    // The plugin's `rules: { shapes, 'escape-html': escapeHtml, ... }`, read as text.
    const plugin = readFileSync(path.join(ROOT, 'scripts/one-place-rules.js'), 'utf8');
    const rules = /\brules: \{([^}]*)\}/.exec(plugin)?.[1] ?? '';
    const declared = [...rules.matchAll(/^\s*'?([\w-]+)'?\s*[:,]/gm)].map(([, rule = '']) => rule);
    expect(declared.length).toBeGreaterThan(0);
    expect(named.sort()).toEqual(declared.sort());
  });
});
