/**
 * `npm run build`: the client bundle, the client's server renderer (which the prerender and
 * the production server use), the prerender, then the server bundled into dist/server.js
 * (scripts/bundle-server.ts: what `NODE_ENV=production npm start` runs), under the build lock, so a build started while tests or `npm start` build or
 * copy dist/ waits for them instead of emptying the folder under them.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withBuildLock } from './build-lock';
import { hashInputs, recordBuild } from './build-if-stale';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vite = path.join(
  path.dirname(createRequire(import.meta.url).resolve('vite/package.json')),
  'bin/vite.js',
);

interface Step {
  args: string[];
  env?: Record<string, string>;
}

/** Each page is a build of its own (vite.config.ts, BUILD_PAGE), into the same dist/client. */
const STEPS: Step[] = [
  { args: [vite, 'build'], env: { BUILD_PAGE: 'home' } },
  { args: [vite, 'build'], env: { BUILD_PAGE: 'app' } },
  {
    args: [
      vite,
      'build',
      '--ssr',
      'src/client/entry-server.tsx',
      '--outDir',
      'dist/server',
      '--emptyOutDir',
    ],
    env: { BUILD_SSR: '1' },
  },
  { args: ['--import', 'tsx', 'scripts/prerender.ts'] },
  { args: ['--import', 'tsx', 'scripts/bundle-server.ts'] },
];

const code = withBuildLock(() => {
  // Taken before building: an edit made during the build triggers the next one.
  const hash = hashInputs(ROOT);
  rmSync(path.join(ROOT, 'dist/client'), { recursive: true, force: true });
  for (const { args, env } of STEPS) {
    const result = spawnSync(process.execPath, args, {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, ...env, NODE_ENV: 'production' },
    });
    if (result.status !== 0) return result.status ?? 1;
  }
  // After the prerender wrote the page: build-if-stale trusts a page no newer than the record.
  recordBuild(ROOT, hash);
  return 0;
});
process.exit(code);
