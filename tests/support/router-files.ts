/**
 * Which file each tRPC namespace's procedures come from, read from the composition
 * (src/server/app/app-router.ts): the namespaces from the router itself, the files from the
 * imports of the identifiers each namespace is made of (`name: xRouter`,
 * `name: xRouter(adminProcedure)` for a router below identity that is handed its procedure, or
 * `name: router({ ...aProcedures, ...bProcedures })`). Used by the rule "a namespace is a
 * folder" (docs/architecture.md "Namespaces") and by the check of that page.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { appRouter } from '#server/app/app-router';

export const ROOT = path.resolve(import.meta.dirname, '../..');
const APP_ROUTER = path.join(ROOT, 'src/server/app/app-router.ts');

/** Every namespace of the app router, sorted: the first part of each procedure's path. */
export function namespaces(): string[] {
  const names = Object.keys(appRouter._def.procedures).map((key) => key.split('.')[0] ?? key);
  return [...new Set(names)].sort();
}

/** Identifier -> module path under src/server/ (`leads/messages/router.ts`). */
function importedFiles(source: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const [, names = '', spec = ''] of source.matchAll(
    /import\s*\{([^}]*)\}\s*from\s*'([^']+)'/g,
  )) {
    if (!spec.startsWith('#server/')) continue;
    for (const name of names.split(',')) {
      const local = name
        .trim()
        .split(/\s+as\s+/)
        .at(-1)
        ?.trim();
      if (local) files.set(local, `${spec.slice('#server/'.length)}.ts`);
    }
  }
  return files;
}

/**
 * Namespace -> the files (under src/server/) its procedures are written in. A namespace the
 * source does not spell in one of the two forms above gets no file, which the tests report.
 */
export function routerFiles(): Map<string, string[]> {
  const source = readFileSync(APP_ROUTER, 'utf8');
  const imports = importedFiles(source);
  const body = /export const appRouter = router\(\{([\s\S]*?)\n\}\);/.exec(source)?.[1] ?? '';
  const files = new Map<string, string[]>();
  const entry = /^ {2}(\w+)(?:: (?:router\(\{([\s\S]*?)\}\)|(\w+)(?:\(\w+\))?))?,$/gm;
  for (const [, namespace = '', spread, single] of body.matchAll(entry)) {
    const identifiers = spread
      ? [...spread.matchAll(/\.\.\.(\w+)/g)].map(([, name = '']) => name)
      : [single ?? namespace];
    files.set(
      namespace,
      identifiers.flatMap((name) => imports.get(name) ?? []),
    );
  }
  return files;
}

/**
 * Namespaces whose name is older than their folder: `admin.*` is the sign-in (`admin.login`,
 * `/api/admin/login`, ...), called by every browser and API client, so its name stays while
 * its procedures live in the folder named for what they do (docs/architecture.md "Namespaces").
 */
const KEPT_NAMES = new Map([['admin', 'identity/sign-in']]);

/** The words of a name: `mailReports` -> mail, reports; `second-factors` -> second, factors. */
const words = (name: string): string[] =>
  name
    .split(/(?=[A-Z])|-/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());

/** One word's singular, so that `bookings` may live in booking/ and `secondFactor` in second-factors/. */
const singular = (word: string): string =>
  word.endsWith('ies') ? `${word.slice(0, -3)}y` : word.replace(/s$/, '');

const sameWords = (a: string[], b: string[]): boolean =>
  a.length === b.length && a.every((word, i) => singular(word) === singular(b[i] ?? ''));

/**
 * The rule (docs/architecture.md "Namespaces"): the file lies in the namespace's folder, or
 * below it, and the namespace's folder spells the namespace: its own name (`tags` ->
 * facts/tags/), or its name joined to its parents' (`mailReports` -> mail/reports/,
 * `entryCovers` -> entries/covers/), one word's singular or plural aside.
 */
export function inNamespaceFolder(namespace: string, file: string): boolean {
  const kept = KEPT_NAMES.get(namespace);
  if (kept) return file.startsWith(`${kept}/`);
  const folders = path.posix.dirname(file).split('/');
  const wanted = words(namespace);
  for (let end = 0; end < folders.length; end += 1) {
    for (let start = 0; start <= end; start += 1) {
      if (sameWords(folders.slice(start, end + 1).flatMap(words), wanted)) return true;
    }
  }
  return false;
}
