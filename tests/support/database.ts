/**
 * Fresh databases for tests, in the mode this run tests (docs/operations.md, several instances): the embedded
 * file by default, a libSQL server when TEST_DATABASE=sqld (the `server-sqld` project). Each
 * call gets its own: a new file, or a new sqld process (about 50 ms); openTestDatabase's is a
 * copy of one migrated template. Everything is removed after the test file
 * (tests/support/database-cleanup.ts).
 */
import { createHash } from 'node:crypto';
import {
  cpSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { closeDatabase, openDatabase, sqliteFileOf, type DatabaseTarget, type Db } from '#db';
import { MIGRATIONS_FOLDER } from '#db/migrations';
import { sealOutboxWith } from '#server/mail/outbox/outbox-seal';
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

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TEMPLATES = path.join(ROOT, 'node_modules/.cache/test-databases');
const STALE_TEMPLATE_MS = 7 * 24 * 60 * 60_000;

/** The migrations and the code that opens a database: a change to either makes new templates. */
function templateKey(): string {
  const hash = createHash('sha256');
  const sources = [
    ...readdirSync(MIGRATIONS_FOLDER, { recursive: true })
      .map(String)
      .filter((name) => name.endsWith('.sql') || name.endsWith('_journal.json'))
      .map((name) => path.join(MIGRATIONS_FOLDER, name)),
    ...readdirSync(path.join(ROOT, 'db'))
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
      .map((name) => path.join(ROOT, 'db', name)),
  ].sort();
  for (const file of sources) hash.update(file).update(readFileSync(file));
  return `migrated-${hash.digest('hex').slice(0, 16)}`;
}

/**
 * A database with every migration applied, made once per set of migrations and copied for
 * each test (docs/testing.md, "Fresh databases"): migrating costs about 35 ms on a new file
 * and 130 ms on a new sqld, and the tests open a few thousand. It is made by openDatabase
 * itself, so a copy is what a first start makes; the migrations' own tests migrate empty ones.
 * An embedded file, or a stopped sqld's data folder.
 */
const memo = globalThis as typeof globalThis & {
  __migratedTemplates?: Partial<Record<TestDatabaseMode, Promise<string>>>;
};

function forgetTemplate(mode: TestDatabaseMode): void {
  delete memo.__migratedTemplates?.[mode];
}

function migratedTemplate(mode: TestDatabaseMode): Promise<string> {
  const templates = (memo.__migratedTemplates ??= {});
  templates[mode] ??= (async () => {
    const key = templateKey();
    const template = path.join(TEMPLATES, `${key}.${mode === 'sqld' ? 'sqld' : 'db'}`);
    if (existsSync(template)) return template;
    mkdirSync(TEMPLATES, { recursive: true });
    // Another key's templates go once they are a week old: checkouts that share node_modules
    // (git worktrees) each use their own at the same time.
    for (const name of readdirSync(TEMPLATES)) {
      const old = path.join(TEMPLATES, name);
      if (!name.startsWith(key) && Date.now() - statSync(old).mtimeMs > STALE_TEMPLATE_MS) {
        rmSync(old, { recursive: true, force: true });
      }
    }
    // Made aside and renamed into place: workers that start together never copy a half one.
    let draft: string;
    if (mode === 'sqld') {
      draft = path.join(tempFolder('template-'), 'data');
      const sqld = await startSqld(draft);
      await closeDatabase(await openDatabase({ url: sqld.url })).finally(() => sqld.stop());
    } else {
      draft = path.join(tempFolder('template-'), 'app.db');
      await closeDatabase(await openDatabase({ file: draft }));
    }
    try {
      renameSync(draft, template);
    } catch (error) {
      // A folder another worker put in place first: theirs is the same.
      if (!existsSync(template)) throw error;
    }
    return template;
  })();
  return templates[mode];
}

/**
 * Copies the template with `copy`. Checkouts that share one node_modules (git worktrees) share
 * its templates folder; should a template be gone under this run all the same, it is made again
 * and copied (a few tries).
 */
async function fromTemplate(copy: (template: string) => void): Promise<void> {
  for (let tries = 1; ; tries++) {
    try {
      copy(await migratedTemplate(TEST_DATABASE));
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || tries === 3) throw error;
      forgetTemplate(TEST_DATABASE);
    }
  }
}

/** The tests' SESSION_SECRET (testConfig's, tests/support/app.ts). */
export const TEST_SESSION_SECRET = 'test-secret-test-secret-test-secret-0123456789';

/**
 * A new migrated database, and where it is (for a second handle or a child process). Its
 * outbox seals with the tests' SESSION_SECRET, as createApp does with the configured one
 * (docs/mail.md); createTestDeps with another secret seals with that one.
 */
export async function openTestDatabase(): Promise<{ db: Db; target: DatabaseTarget }> {
  let target: DatabaseTarget;
  if (TEST_DATABASE === 'sqld') {
    const dataDir = path.join(tempFolder('sqld-test-'), 'data');
    await fromTemplate((template) => cpSync(template, dataDir, { recursive: true }));
    const sqld = await startSqld(dataDir);
    servers.push(sqld);
    target = { url: sqld.url };
  } else {
    const file = path.join(tempFolder(), 'app.db');
    await fromTemplate((template) => copyFileSync(template, file));
    target = { file };
  }
  const db = await openDatabase(target);
  sealOutboxWith(db, TEST_SESSION_SECRET);
  return { db, target };
}

export async function removeTestDatabases(): Promise<void> {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
}

/**
 * The embedded database's file and its -wal as bytes, where SQLite keeps pages a change left
 * behind (a rule about data at rest is read there, not only in the tables); null on a libSQL
 * server, whose files are not the test's to read.
 */
export function databaseFileBytes(db: Db): Buffer | null {
  const file = sqliteFileOf(db);
  if (!file) return null;
  return Buffer.concat(
    [file.name, `${file.name}-wal`]
      .filter((name) => existsSync(name))
      .map((name) => readFileSync(name)),
  );
}
