/**
 * Fresh databases for tests, in the mode this run tests (docs/operations.md, several instances): the embedded
 * file by default, a libSQL server when TEST_DATABASE=sqld (the `server-sqld` project). Each
 * call gets its own: a new file, or a new sqld process (about 50 ms). Everything is removed
 * after the test file (tests/support/database-cleanup.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type DatabaseTarget, type Db } from '#db';
import { startSqld, type SqldProcess } from '../../scripts/sqld-process';

export type TestDatabaseMode = 'embedded' | 'sqld';
export const TEST_DATABASE: TestDatabaseMode =
  process.env.TEST_DATABASE === 'sqld' ? 'sqld' : 'embedded';

/**
 * What to remove after the test file, kept on the worker's global object: a file that starts
 * with `vi.resetModules()` (tests/support/fresh-modules.ts) loads this module afresh, and a
 * list of its own would be one the cleanup's copy never sees (its sqld processes outlived the run).
 */
interface Registry {
  folders: string[];
  servers: SqldProcess[];
}
const holder = globalThis as typeof globalThis & { __testDatabases?: Registry };
const { folders, servers } = (holder.__testDatabases ??= { folders: [], servers: [] });

export function tempFolder(prefix = 'app-test-'): string {
  const folder = mkdtempSync(path.join(tmpdir(), prefix));
  folders.push(folder);
  return folder;
}

/** A libSQL server of its own (any mode), stopped after the test file. */
export async function startTestSqld(): Promise<SqldProcess> {
  const sqld = await startSqld(path.join(tempFolder('sqld-test-'), 'data'));
  servers.push(sqld);
  return sqld;
}

/** Where a new, empty database lives in this run's mode. */
export async function freshDatabaseTarget(): Promise<DatabaseTarget> {
  if (TEST_DATABASE === 'sqld') return { url: (await startTestSqld()).url };
  return { file: path.join(tempFolder(), 'app.db') };
}

/** The variables that point a child process (server.ts, the CLI) at the target. */
export function databaseEnv(target: DatabaseTarget): Record<string, string> {
  return 'url' in target
    ? { DATABASE_URL: target.url, DATABASE_PATH: '' }
    : { DATABASE_PATH: target.file, DATABASE_URL: '' };
}

/** A new migrated database, and where it is (for a second handle or a child process). */
export async function openTestDatabase(): Promise<{ db: Db; target: DatabaseTarget }> {
  const target = await freshDatabaseTarget();
  return { db: await openDatabase(target), target };
}

export async function removeTestDatabases(): Promise<void> {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
}
