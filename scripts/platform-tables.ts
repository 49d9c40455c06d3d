/**
 * `platform/` keeps plumbing only (docs/architecture.md "The layers", issue 59): of
 * db/schema.ts, one file that dependency-cruiser sees as one module, it may name only the
 * plumbing's own tables. Run by `npm run layers` (scripts/layers.ts) beside the import rules:
 * each production file of src/server/platform/ is parsed (no process started) and every name it
 * imports from db/schema.ts, or a table it names in raw SQL, must be on PLUMBING_TABLES.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The tables that are plumbing, by their export and their SQL name: the throttle's events
 * (platform/throttle.ts counts them) and the change counters the database's triggers bump
 * (platform/counter-cache.ts reads them through `changeCounter` of db/).
 */
export const PLUMBING_TABLES: Record<string, string> = {
  throttleEvents: 'throttle_events',
  changeCounters: 'change_counters',
};

export const PLATFORM_TABLES = `platform-tables: platform/ is plumbing and touches no feature's table: read it in its feature, or in site/ when every feature reads it (docs/architecture.md "The layers"). Of db/schema.ts it may name only ${Object.keys(PLUMBING_TABLES).join(', ')} (scripts/platform-tables.ts).`;

const PLATFORM = 'src/server/platform';
const SCHEMA = 'db/schema';

/** The production files under src/server/platform/, relative to `cwd`. */
function platformFiles(cwd: string, folder = PLATFORM): string[] {
  if (!existsSync(path.join(cwd, folder))) return [];
  return readdirSync(path.join(cwd, folder), { withFileTypes: true }).flatMap((entry) => {
    const file = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return platformFiles(cwd, file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Whether an import's specifier, written in `file`, is db/schema.ts (alias or relative). */
function isSchema(file: string, specifier: string): boolean {
  const bare = specifier.replace(/\.(?:ts|js)$/, '');
  if (bare === '#db/schema') return true;
  return bare.startsWith('.') && path.posix.join(path.posix.dirname(file), bare) === SCHEMA;
}

/** The SQL names of db/schema.ts's tables and views but the plumbing's. */
function featureTableNames(cwd: string): string[] {
  const schema = path.join(cwd, `${SCHEMA}.ts`);
  if (!existsSync(schema)) return [];
  const plumbing = new Set(Object.values(PLUMBING_TABLES));
  return [...readFileSync(schema, 'utf8').matchAll(/sqlite(?:Table|View)\(\s*'(\w+)'/g)]
    .map(([, name = '']) => name)
    .filter((name) => !plumbing.has(name));
}

/** What one file names of db/schema.ts beyond the plumbing, one line each. */
function uses(file: string, text: string, tables: string[]): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: string[] = [];
  const sql =
    tables.length > 0
      ? new RegExp(`\\b(?:from|into|update|join|table)\\s+["\`]?(${tables.join('|')})\\b`, 'gi')
      : undefined;
  const refuse = (name: string, how: string) => found.push(`  error ${file} → ${name} (${how})`);

  function visit(node: ts.Node): void {
    const declaration =
      ts.isImportDeclaration(node) || ts.isExportDeclaration(node) ? node : undefined;
    const specifier = declaration?.moduleSpecifier;
    if (
      declaration &&
      specifier &&
      ts.isStringLiteral(specifier) &&
      isSchema(file, specifier.text)
    ) {
      const bindings = ts.isImportDeclaration(declaration)
        ? declaration.importClause?.namedBindings
        : declaration.exportClause;
      if (bindings && (ts.isNamedImports(bindings) || ts.isNamedExports(bindings))) {
        for (const element of bindings.elements) {
          const name = (element.propertyName ?? element.name).text;
          if (!(name in PLUMBING_TABLES)) refuse(name, 'db/schema.ts');
        }
      } else {
        // `import * as schema`, `export *`, a default or a bare import: every table at once.
        refuse('*', 'db/schema.ts');
      }
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0]) &&
      isSchema(file, node.arguments[0].text)
    ) {
      refuse('*', 'db/schema.ts, imported at run time');
    } else if (sql && (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node))) {
      for (const [, table = ''] of node.text.matchAll(sql)) refuse(table, 'raw SQL');
    }
    ts.forEachChild(node, visit);
  }
  visit(source);
  return found;
}

/** Every name of db/schema.ts a production file of platform/ may not touch, one line each. */
export function platformTableUses(cwd: string): string[] {
  const tables = featureTableNames(cwd);
  return platformFiles(cwd).flatMap((file) =>
    uses(file, readFileSync(path.join(cwd, file), 'utf8'), tables),
  );
}
