import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from './paths';

/**
 * Runs once before the browser suites: the server serves dist/client, so it must match
 * the sources. scripts/build-if-stale.ts rebuilds only when a source is newer than the build.
 */
export default function setup(): void {
  const buildIfStale = path.join(PROJECT_ROOT, 'scripts/build-if-stale.ts');
  if (existsSync(buildIfStale)) {
    execFileSync(process.execPath, ['--import', 'tsx', buildIfStale], {
      cwd: PROJECT_ROOT,
      stdio: 'inherit',
    });
  } else {
    execFileSync('npm', ['run', 'build'], { cwd: PROJECT_ROOT, stdio: 'inherit' });
  }
}
