/**
 * The sizes a newcomer can read, and the casts kept few (issues 59 and 68, docs/architecture.md):
 * no file in src/ over 300 lines but the generated route tree, no function in src/ or db/ over
 * 150 lines (client, server and shared alike: a function does one thing), and fewer than 130
 * `as` casts in production code (`as const` is no cast: it narrows, it does not overrule the
 * compiler). Tests are not counted: a fixture may cast.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const SRC = path.join(ROOT, 'src');
const DB = path.join(ROOT, 'db');
const MAX_FILE_LINES = 300;
const MAX_FUNCTION_LINES = 150;
const MAX_CASTS = 129;
const GENERATED = new Set(['src/routeTree.gen.ts']);

/** Every production .ts/.tsx file under src/ (or db/), relative to the repository, tests left out. */
function sourceFiles(dir = SRC): string[] {
  const folder = path.relative(ROOT, dir);
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((file) => path.posix.join(folder, file.split(path.sep).join('/')))
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .filter((file) => !GENERATED.has(file))
    .sort();
}

function parse(file: string): ts.SourceFile {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
}

function lineCount(source: ts.SourceFile): number {
  const text = source.text;
  const lines = source.getLineStarts().length;
  // A final line break ends the last line; it does not begin another.
  return text.endsWith('\n') ? lines - 1 : lines;
}

function visit(node: ts.Node, each: (node: ts.Node) => void): void {
  each(node);
  ts.forEachChild(node, (child) => visit(child, each));
}

/** `x as T` and `<T>x`; `x as const` is left out. */
function isCast(node: ts.Node): boolean {
  if (ts.isTypeAssertionExpression(node)) return true;
  if (!ts.isAsExpression(node)) return false;
  const type = node.type;
  return !(ts.isTypeReferenceNode(type) && type.typeName.getText() === 'const');
}

function isFunction(node: ts.Node): node is ts.FunctionLikeDeclaration {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node)
  );
}

function functionName(node: ts.FunctionLikeDeclaration): string {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) {
    return parent.name.getText();
  }
  return '(anonymous)';
}

const files = sourceFiles().map((file) => ({ file, source: parse(file) }));
/** The data layer's files: held to the function cap only (its schema is one long table list). */
const dbFiles = sourceFiles(DB).map((file) => ({ file, source: parse(file) }));

describe('code size and casts', () => {
  it(`keeps every file in src/ at ${MAX_FILE_LINES} lines or fewer`, () => {
    const over = files
      .map(({ file, source }) => ({ file, lines: lineCount(source) }))
      .filter(({ lines }) => lines > MAX_FILE_LINES)
      .map(({ file, lines }) => `${file}: ${lines}`);
    expect(over).toEqual([]);
  });

  it(`keeps every function in src/ and db/ at ${MAX_FUNCTION_LINES} lines or fewer`, () => {
    const over: string[] = [];
    for (const { file, source } of [...files, ...dbFiles]) {
      visit(source, (node) => {
        if (!isFunction(node)) return;
        const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        const lines = end - start + 1;
        if (lines > MAX_FUNCTION_LINES) {
          over.push(`${file}:${start + 1} ${functionName(node)}: ${lines}`);
        }
      });
    }
    expect(over).toEqual([]);
  });

  // What tests share (`*-fixtures.ts`, sample mails) lives under tests/ (tests/support/,
  // tests/fixtures/), so that nothing counted above as product code is a test's (docs/testing.md).
  it('keeps test fixtures out of src/', () => {
    const fixtures = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
      .map((file) => path.posix.join('src', file.split(path.sep).join('/')))
      .filter((file) => /(?:^|\/|-)fixtures(?:\/|\.tsx?$|$)/.test(file));
    expect(fixtures, 'move them to tests/support/ or tests/fixtures/').toEqual([]);
  });

  it(`keeps the \`as\` casts under ${MAX_CASTS + 1}`, () => {
    const casts: string[] = [];
    for (const { file, source } of files) {
      visit(source, (node) => {
        if (!isCast(node)) return;
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        casts.push(`${file}:${line + 1}`);
      });
    }
    // The list, not only its length, so a failure says where the casts are.
    expect(casts.length, casts.join('\n')).toBeLessThanOrEqual(MAX_CASTS);
  });

  it('tells a cast from `as const` (the counter itself)', () => {
    const source = ts.createSourceFile(
      'probe.ts',
      'const a = [1] as const; const b = a as unknown; const c = <number>b;',
      ts.ScriptTarget.Latest,
      true,
    );
    let count = 0;
    visit(source, (node) => {
      if (isCast(node)) count += 1;
    });
    expect(count).toBe(2);
  });
});
