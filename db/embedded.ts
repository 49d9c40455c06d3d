import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import type { BatchRows, Db, Statement, Store } from './index';
import {
  MIGRATIONS_FOLDER,
  migrateSafely,
  readJournal,
  type JournalEntry,
  type MigrationOptions,
} from './migrations';
import {
  lastAppliedMillis,
  migrationFailure,
  pendingMigrations,
  snapshotBeforeMigrating,
} from './migration-snapshot';
import { recordMigrations } from './migration-state';
import { startStatement, statementLogger } from './statement-spans';

/**
 * The file holds password hashes, session ids and people's messages: only the server's user
 * may read it. Created (or tightened) with mode 0600 before SQLite opens it; SQLite gives its
 * -wal and -shm files the database file's mode, and existing ones are tightened too.
 */
function ownerOnly(file: string): void {
  closeSync(openSync(file, 'a', 0o600));
  for (const name of [file, `${file}-wal`, `${file}-shm`]) {
    if (existsSync(name)) chmodSync(name, 0o600);
  }
}

function configure(connection: Database.Database): Database.Database {
  connection.pragma('foreign_keys = ON');
  connection.pragma('busy_timeout = 5000');
  connection.pragma('synchronous = NORMAL');
  return connection;
}

/**
 * The caches check a counter on every use; under load, many requests do so in the same
 * event-loop turn. They share one read, made in the turn's check phase (setImmediate), after
 * every one of them arrived: none is answered from a read older than its own arrival, so a
 * write committed before a request came is always seen. (Reading once per turn at the first
 * request would not be: a keep-alive connection's next request can be read later in the same
 * turn, after another instance committed.)
 */
export function readsAfterArrival(read: (name: string) => number) {
  const scheduled = new Map<string, Promise<number>>();
  return (name: string): Promise<number> => {
    let next = scheduled.get(name);
    if (!next) {
      next = new Promise<number>((resolve, reject) => {
        setImmediate(() => {
          scheduled.delete(name);
          try {
            resolve(read(name));
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
      });
      scheduled.set(name, next);
    }
    return next;
  };
}

/**
 * The embedded file through two connections, like a libSQL server seen from an instance:
 * reads on a read-only one (committed data only, never blocked by a writer in WAL mode), and
 * transactions on the other. The read connection refuses writes, so a write that bypasses
 * writeTransaction fails loudly in every test instead of joining someone's transaction.
 */
/** Statements kept prepared, by their SQL: a batch's few shapes are parsed once. */
const PREPARED_LIMIT = 64;

function preparedStatements(connection: Database.Database) {
  const cache = new Map<string, Database.Statement>();
  return (text: string): Database.Statement => {
    let statement = cache.get(text);
    if (!statement) {
      statement = connection.prepare(text);
      // Rows as arrays of column values, the order of the statement's columns (BatchRows).
      if (statement.reader) statement.raw(true);
      // Oldest first out: the hot statements are prepared again at once if they went.
      if (cache.size >= PREPARED_LIMIT) cache.delete(cache.keys().next().value ?? '');
      cache.set(text, statement);
    }
    return statement;
  };
}

/**
 * Applies the pending migrations, after a snapshot of the file as it was
 * (db/migration-snapshot.ts); a failure closes the connection and names the migration.
 * Answers the journal as read before and the newest migration applied before, for
 * db/migration-state.ts.
 */
async function migrateEmbedded(
  writer: Database.Database,
  file: string,
  migrationsFolder: string,
): Promise<{ journal: JournalEntry[]; lastApplied: number | null }> {
  const writeDb = drizzle(writer);
  const journal = readJournal(migrationsFolder);
  const lastApplied = lastAppliedMillis(writer);
  // In memory there is nothing to copy first, nor a failure to name in a start's last line.
  const pending =
    file === ':memory:' ? [] : pendingMigrations(migrationsFolder, journal, lastApplied);
  const snapshot = await snapshotBeforeMigrating(writer, file, pending, new Date());
  try {
    await migrateWithoutCascades(writer, pending.length > 0, () =>
      migrateSafely(() => migrate(writeDb, { migrationsFolder })),
    );
  } catch (error) {
    const failure = pending.length > 0 ? migrationFailure(error, writer, pending, snapshot) : error;
    writer.close();
    throw failure;
  }
  return { journal, lastApplied };
}

/**
 * A migration that rebuilds a table (SQLite's twelve steps: copy, drop, rename) must not fire
 * the old table's cascades: dropping `proposals` with the keys on would delete every payment.
 * Its own `PRAGMA foreign_keys=OFF` is ignored inside drizzle's transaction, so the keys are
 * off around it (as the libSQL client's `migrate` does) and checked before the server starts.
 */
async function migrateWithoutCascades(
  writer: Database.Database,
  checked: boolean,
  run: () => Promise<void>,
): Promise<void> {
  writer.pragma('foreign_keys = OFF');
  try {
    await run();
  } finally {
    writer.pragma('foreign_keys = ON');
  }
  // Read only after a migration ran: a start with nothing to apply does not scan the file.
  if (!checked) return;
  const broken = writer.pragma('foreign_key_check') as { table: string; parent: string }[];
  if (broken.length > 0) {
    const [first] = broken;
    throw new Error(
      `after migrating, ${broken.length} row(s) name a missing parent (first: ${first?.table} → ${first?.parent})`,
    );
  }
}

export async function openEmbedded(
  file: string,
  { migrationsFolder = MIGRATIONS_FOLDER }: MigrationOptions = {},
): Promise<Store> {
  const inMemory = file === ':memory:';
  if (!inMemory) ownerOnly(file);
  const writer = configure(new Database(file));
  // What a write removes or replaces is overwritten with zeros, not left in a free page or a
  // page's free space for a copy of the file to find (docs/operations.md, "Backups").
  writer.pragma('secure_delete = ON');
  if (!inMemory) writer.pragma('journal_mode = WAL');
  const writeDb = drizzle(writer, { logger: statementLogger });
  const migrated = await migrateEmbedded(writer, file, migrationsFolder);
  // From here on a lock held elsewhere (another instance, the CLI, a backup) is waited for
  // by writeTransaction's retries, between which the event loop keeps serving; a long
  // busy_timeout would block the whole process inside SQLite instead.
  writer.pragma('busy_timeout = 50');
  // An in-memory database exists in one connection only: reads share the writer's (they may
  // then see a transaction in progress). For throwaway runs; the file is what is tested.
  const reader = inMemory
    ? writer
    : configure(new Database(file, { readonly: true, fileMustExist: true }));
  // One type for both drivers: drizzle's sync and async databases differ only in whether a
  // query's result is the value or a promise of it, and Db allows both.
  const db = (inMemory ? writeDb : drizzle(reader, { logger: statementLogger })) as unknown as Db;
  const tx = writeDb as unknown as Db;
  recordMigrations(db, migrated.journal, migrated.lastApplied);

  const prepared = preparedStatements(writer);

  const counter = reader
    .prepare<[string], number>('select value from change_counters where name = ?')
    .pluck();

  return {
    db,
    sqliteFile: reader,
    changeCounter: readsAfterArrival((name) => counter.get(name) ?? 0),
    async transaction(fn) {
      writer.exec('BEGIN IMMEDIATE');
      try {
        const result = await fn(tx);
        writer.exec('COMMIT');
        return result;
      } catch (error) {
        if (writer.inTransaction) writer.exec('ROLLBACK');
        throw error;
      }
    },
    async batch(statements: Statement[]): Promise<BatchRows> {
      // Synchronous from BEGIN to COMMIT: nothing else runs on the connection in between.
      writer.exec('BEGIN IMMEDIATE');
      try {
        const rows = statements.map(({ sql, params }): unknown[][] => {
          const statement = prepared(sql);
          const end = startStatement(sql);
          try {
            if (statement.reader) return statement.all(...params) as unknown[][];
            statement.run(...params);
            return [];
          } finally {
            end();
          }
        });
        writer.exec('COMMIT');
        return rows;
      } catch (error) {
        if (writer.inTransaction) writer.exec('ROLLBACK');
        throw error;
      }
    },
    async close() {
      if (inMemory) {
        writer.close();
        return;
      }
      reader.close();
      writer.pragma('wal_checkpoint(TRUNCATE)');
      writer.close();
    },
  };
}
