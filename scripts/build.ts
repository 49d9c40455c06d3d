/**
 * `npm run build`: the client bundle, the server bundle the prerender needs, then the
 * prerender, under the build lock, so a build started while tests or `npm start` build or
 * copy dist/ waits for them instead of emptying the folder under them.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withBuildLock } from './build-lock';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vite = path.join(
  path.dirname(createRequire(import.meta.url).resolve('vite/package.json')),
  'bin/vite.js',
);

const STEPS: string[][] = [
  [vite, 'build'],
  [
    vite,
    'build',
    '--ssr',
    'src/client/entry-server.tsx',
    '--outDir',
    'dist/server',
    '--emptyOutDir',
  ],
  ['--import', 'tsx', 'scripts/prerender.ts'],
];

const code = withBuildLock(() => {
  for (const args of STEPS) {
    const result = spawnSync(process.execPath, args, {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (result.status !== 0) return result.status ?? 1;
  }
  return 0;
});
process.exit(code);
