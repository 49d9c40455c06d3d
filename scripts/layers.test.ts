/**
 * The layer rules of `npm run check` (.dependency-cruiser.cjs, docs/architecture.md "Layers"):
 * the real tree keeps them, and a tree that breaks one, or loops, is refused by name.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '..');
const DEPCRUISE = path.join(ROOT, 'node_modules', '.bin', 'depcruise');
const folders: string[] = [];

afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** Runs the checker in `cwd` on `targets`; answers its exit code and output. */
async function layers(cwd: string, targets: string[]) {
  try {
    const { stdout } = await run(
      DEPCRUISE,
      [...targets, '--config', '.dependency-cruiser.cjs', '--output-type', 'err'],
      { cwd },
    );
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, output: failed.stdout };
  }
}

/** A tree of its own with the repository's rules and the given files. */
function tree(files: Record<string, string>): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'layers-'));
  folders.push(folder);
  copyFileSync(
    path.join(ROOT, '.dependency-cruiser.cjs'),
    path.join(folder, '.dependency-cruiser.cjs'),
  );
  writeFileSync(
    path.join(folder, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler' } }),
  );
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
    writeFileSync(path.join(folder, file), text);
  }
  return folder;
}

describe('the layer rules', () => {
  it('hold on the repository as it is', async () => {
    const result = await layers(ROOT, ['src', 'db', 'server.ts', 'scripts', 'tests']);
    expect(result.output).toContain('no dependency violations found');
    expect(result.code).toBe(0);
  });

  it('refuse plumbing that imports a feature, the server reaching into the client, and a loop', async () => {
    const folder = tree({
      'src/server/facts/router.ts':
        "import { errors } from '../http/errors';\nexport const facts = errors;\n",
      'src/server/http/errors.ts':
        "import { facts } from '../facts/router';\nexport const errors = 1;\nexport const again = facts;\n",
      'src/server/content/pages.ts':
        "import { look } from '../../client/look';\nexport const pages = look;\n",
      'src/client/look.ts': 'export const look = 1;\n',
      'src/shared/a.ts': "import { b } from './b';\nexport const a = b;\n",
      'src/shared/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
    });
    const result = await layers(folder, ['src']);
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(
      /plumbing-uses-no-feature: src\/server\/http\/errors\.ts → src\/server\/facts\/router\.ts/,
    );
    expect(result.output).toMatch(
      /server-not-client: src\/server\/content\/pages\.ts → src\/client\/look\.ts/,
    );
    expect(result.output).toMatch(/no-cycle: src\/shared\/a\.ts/);
  });
});
