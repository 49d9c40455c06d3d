import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as schema from './schema';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), '../migrations');

/** Opens (creating if needed) the SQLite file, sets the pragmas and applies pending migrations. */
export function openDatabase(file: string): Db {
  const sqlite = new Database(file);
  if (file !== ':memory:') sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return db;
}

/**
 * Runs fn in a BEGIN IMMEDIATE transaction: the write lock is taken up front, so two
 * writers never both read and then fail to upgrade (SQLITE_BUSY mid-transaction).
 */
export function writeTransaction<T>(db: Db, fn: () => T): T {
  return db.$client.transaction(fn).immediate();
}

/** Checkpoints the WAL into the main file and closes, leaving no -wal file behind. */
export function closeDatabase(db: Db): void {
  const sqlite = db.$client;
  if (!sqlite.open) return;
  if (sqlite.name !== ':memory:') sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.close();
}
