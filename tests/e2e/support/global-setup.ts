import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { withBuildLock } from '../../../scripts/build-lock';
import { PROJECT_ROOT } from './paths';

/**
 * Runs once before the browser suites. The server serves the built client, so it must match
 * the sources: scripts/build-if-stale.ts rebuilds only when an input changed, and the lock
 * keeps two runs in the same working tree from building over each other. The servers of this
 * run then serve a snapshot of that build (CLIENT_DIR), so a build started elsewhere while
 * the tests run cannot swap the files under them.
 */
export default function setup(): () => void {
  const buildIfStale = path.join(PROJECT_ROOT, 'scripts/build-if-stale.ts');
  const snapshot = mkdtempSync(path.join(tmpdir(), 'e2e-client-'));
  withBuildLock(() => {
    if (existsSync(buildIfStale)) {
      execFileSync(process.execPath, ['--import', 'tsx', buildIfStale], {
        cwd: PROJECT_ROOT,
        stdio: 'inherit',
      });
    } else {
      execFileSync('npm', ['run', 'build'], { cwd: PROJECT_ROOT, stdio: 'inherit' });
    }
    cpSync(path.join(PROJECT_ROOT, 'dist', 'client'), snapshot, { recursive: true });
  });
  // Inherited by the test workers and from them by every server startServer() spawns.
  process.env.CLIENT_DIR = snapshot;
  return () => rmSync(snapshot, { recursive: true, force: true });
}
