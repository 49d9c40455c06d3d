/**
 * One word, one room (issue 68, docs/architecture.md "The folders"): a name a newcomer reads
 * means one thing. Two checks, run by scripts/names.test.ts on the repository and on planted
 * trees: no two folders under src/server/ share a name (a second `pdf/` or `proof/` sends the
 * reader to the wrong room), and no exported type name is declared twice in src/ or db/ (two
 * `ProposalRow`s, one a table's row and one the list's answer, once did). Re-exports
 * (`export type { X } from`) are one declaration seen again, not a second one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Every folder under `root`/src/server/, relative to `root` (`src/server/proposals/pdf/`). */
function serverFolders(root: string, folder = 'src/server/'): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const child = `${folder}${entry.name}/`;
      return [child, ...serverFolders(root, child)];
    });
}

/** Each name two or more folders under src/server/ share, with the folders: `pdf: a/, b/`. */
export function repeatedFolderNames(root: string): string[] {
  const byName = new Map<string, string[]>();
  for (const folder of serverFolders(root)) {
    const name = path.posix.basename(folder);
    byName.set(name, [...(byName.get(name) ?? []), folder]);
  }
  return [...byName]
    .filter(([, folders]) => folders.length > 1)
    .map(([name, folders]) => `${name}: ${folders.sort().join(', ')}`)
    .sort();
}

/** The production TypeScript files of src/ and db/ under `root`, relative to it. */
export function typeSourceFiles(root: string): string[] {
  return ['src', 'db']
    .flatMap((top) =>
      readdirSync(path.join(root, top), { recursive: true, encoding: 'utf8' }).map((file) =>
        path.posix.join(top, file.split(path.sep).join('/')),
      ),
    )
    .filter((file) => /\.tsx?$/.test(file) && !/\.(test\.tsx?|gen\.ts|d\.ts)$/.test(file))
    .sort();
}

type TypeDeclaration =
  | ts.InterfaceDeclaration
  | ts.TypeAliasDeclaration
  | ts.EnumDeclaration
  | ts.ClassDeclaration;

function isTypeDeclaration(node: ts.Node): node is TypeDeclaration {
  return (
    ts.isInterfaceDeclaration(node) ||
    ts.isTypeAliasDeclaration(node) ||
    ts.isEnumDeclaration(node) ||
    ts.isClassDeclaration(node)
  );
}

const exported = (node: TypeDeclaration): boolean =>
  node.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword) ?? false;

/**
 * The type names a module declares and exports: `export interface X`, `export type X = …`,
 * enums and classes, and a local one exported by `export { X }` (under its exported name).
 */
export function exportedTypeNames(file: string, text: string): string[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const local = new Set<string>();
  const names: string[] = [];
  for (const statement of source.statements) {
    if (isTypeDeclaration(statement) && statement.name) {
      if (exported(statement)) names.push(statement.name.text);
      else local.add(statement.name.text);
    }
  }
  for (const statement of source.statements) {
    if (!ts.isExportDeclaration(statement) || statement.moduleSpecifier) continue;
    const clause = statement.exportClause;
    if (!clause || !ts.isNamedExports(clause)) continue;
    for (const element of clause.elements) {
      const declared = (element.propertyName ?? element.name).text;
      if (local.has(declared)) names.push(element.name.text);
    }
  }
  return names;
}

/** Each exported type name declared in more than one module, with the modules: `X: a.ts, b.ts`. */
export function repeatedTypeNames(sources: { file: string; text: string }[]): string[] {
  const byName = new Map<string, string[]>();
  for (const { file, text } of sources) {
    for (const name of exportedTypeNames(file, text)) {
      byName.set(name, [...(byName.get(name) ?? []), file]);
    }
  }
  return [...byName]
    .filter(([, files]) => files.length > 1)
    .map(([name, files]) => `${name}: ${files.sort().join(', ')}`)
    .sort();
}

/** The check on a tree: what src/ and db/ under `root` declare twice. */
export function repeatedTypeNamesIn(root: string): string[] {
  return repeatedTypeNames(
    typeSourceFiles(root).map((file) => ({
      file,
      text: readFileSync(path.join(root, file), 'utf8'),
    })),
  );
}
