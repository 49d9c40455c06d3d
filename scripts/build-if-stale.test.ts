import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decideBuild, hashInputs, recordBuild } from './build-if-stale';

let root: string;

function write(relative: string, content: string) {
  const file = path.join(root, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'build-'));
  write('index.html', '<div id="root"></div>');
  write('vite.config.ts', 'export default {}');
  write('src/client/main.tsx', 'render()');
  write('src/shared/schemas.ts', 'export {}');
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

function markBuilt() {
  write('dist/client/index.html', '<built>');
  recordBuild(root, hashInputs(root));
}

describe('build-if-stale', () => {
  it('builds when dist/client is missing', () => {
    expect(decideBuild(root)).toMatchObject({ build: true, reason: 'dist/client is missing' });
  });

  it('builds when there is no record of the last build', () => {
    write('dist/client/index.html', '<built>');
    expect(decideBuild(root)).toMatchObject({ build: true, reason: 'no record of the last build' });
  });

  it('skips the build when nothing changed', () => {
    markBuilt();
    expect(decideBuild(root).build).toBe(false);
  });

  it.each([
    ['a client source', 'src/client/main.tsx'],
    ['a new client file', 'src/client/new-page.tsx'],
    ['a shared schema', 'src/shared/schemas.ts'],
    ['the lock file', 'package-lock.json'],
    ['a public file', 'public/robots.txt'],
  ])('rebuilds after a change to %s', (_name, file) => {
    markBuilt();
    write(file, 'changed');
    expect(decideBuild(root)).toMatchObject({
      build: true,
      reason: 'sources changed since the last build',
    });
  });

  it('ignores tests, server code and the build output', () => {
    markBuilt();
    write('src/client/main.test.tsx', 'test()');
    write('src/server/app/app.ts', 'server()');
    write('dist/client/assets/x.js', 'built');
    expect(decideBuild(root).build).toBe(false);
  });

  it('rebuilds when the page was rewritten after the record (a bare vite build)', () => {
    markBuilt();
    write('dist/client/index.html', '<div id="root"></div>');
    expect(decideBuild(root)).toMatchObject({
      build: true,
      reason: 'dist/client was rewritten since the last npm run build',
    });
  });

  it('tells a renamed file from an unchanged one', () => {
    write('src/client/a.ts', 'same');
    const before = hashInputs(root);
    rmSync(path.join(root, 'src/client/a.ts'));
    write('src/client/b.ts', 'same');
    expect(hashInputs(root)).not.toBe(before);
  });
});
