/**
 * A tree of its own for the layer check's tests (scripts/layers.test.ts,
 * scripts/layers-order.test.ts): the repository's rules (.dependency-cruiser.cjs), a tsconfig
 * for the checker to resolve with, and the given files, removed when the test ends.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** The folder of a new tree holding `files` (path → text) beside the repository's rules. */
export function layerTree(files: Record<string, string>): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'layers-'));
  onTestFinished(() => rmSync(folder, { recursive: true, force: true }));
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
