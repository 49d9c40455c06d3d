import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { withBuildLock } from './build-lock';
import { PROJECT_ROOT } from './paths';

/**
 * Runs once before the browser suites: the server serves dist/client, so it must match
 * the sources. scripts/build-if-stale.ts rebuilds only when an input changed; the lock keeps
 * two runs in the same working tree from building over each other.
 */
export default function setup(): void {
  const buildIfStale = path.join(PROJECT_ROOT, 'scripts/build-if-stale.ts');
  withBuildLock(() => {
    if (existsSync(buildIfStale)) {
      execFileSync(process.execPath, ['--import', 'tsx', buildIfStale], {
        cwd: PROJECT_ROOT,
        stdio: 'inherit',
      });
    } else {
      execFileSync('npm', ['run', 'build'], { cwd: PROJECT_ROOT, stdio: 'inherit' });
    }
  });
}
