/**
 * The type-aware lint rules (.oxlintrc.json, docs/decisions/0060): in server code a promise
 * that is never awaited, or one tested as if it were a value, is refused. They need a type
 * program, so the planted files are linted in a folder of their own, with the repository's
 * configuration and a tsconfig.json: a file planted in src/ would break the check that CI runs
 * beside the tests.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '#tests/support/database';

const ROOT = path.resolve(import.meta.dirname, '..');

const PLANTED = [
  'async function write(): Promise<void> {}',
  'export async function go(): Promise<void> {',
  '  write();',
  '  if (write()) return;',
  '  void write();',
  '  await write();',
  '}',
  '',
].join('\n');

interface Diagnostic {
  code: string;
  filename: string;
  labels: { span: { line: number } }[];
}

/** The rule and line of every error oxlint reports for PLANTED written at each of `files`. */
async function refusals(files: string[]): Promise<string[]> {
  const folder = tempFolder('promise-lint-');
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(folder, 'node_modules'));
  // The repository's configuration, and its .gitignore, which keeps node_modules out.
  for (const name of ['.oxlintrc.json', '.gitignore']) {
    writeFileSync(path.join(folder, name), readFileSync(path.join(ROOT, name)));
  }
  writeFileSync(
    path.join(folder, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', types: [] } }),
  );
  for (const file of files) {
    mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
    writeFileSync(path.join(folder, file), PLANTED);
  }
  const run = promisify(execFile)(
    path.join(ROOT, 'node_modules/.bin/oxlint'),
    ['--type-aware', '--format=json'],
    { cwd: folder },
  );
  // oxlint exits with 1 when it found an error: its report is on stdout either way.
  const { stdout } = await run.catch((error: { stdout?: string }) => ({
    stdout: error.stdout ?? '',
  }));
  const { diagnostics } = JSON.parse(stdout) as { diagnostics: Diagnostic[] };
  return diagnostics.map((d) => `${d.filename}:${d.labels[0]?.span.line} ${d.code}`).sort();
}

describe('promises in server code', () => {
  it('refuses one never awaited and one tested as a value; `void` and `await` pass', async () => {
    expect(await refusals(['src/server/leads/planted.ts', 'db/planted.ts'])).toEqual([
      'db/planted.ts:3 typescript(no-floating-promises)',
      'db/planted.ts:4 typescript(no-misused-promises)',
      'src/server/leads/planted.ts:3 typescript(no-floating-promises)',
      'src/server/leads/planted.ts:4 typescript(no-misused-promises)',
    ]);
  });
});
