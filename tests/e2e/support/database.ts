import Database from 'better-sqlite3';

/**
 * Opens a running server's SQLite file from the test (WAL lets both write). Use it to
 * prepare data (deactivate facts, add facts) or to check what a request stored.
 * The caller closes it.
 */
export function openDatabase(dbPath: string): Database.Database {
  const db = new Database(dbPath);
  db.pragma('busy_timeout = 5000');
  return db;
}

/** Runs `fn` on the server's database and closes it again. */
export function withDatabase<T>(dbPath: string, fn: (db: Database.Database) => T): T {
  const db = openDatabase(dbPath);
  try {
    return fn(db);
  } finally {
    db.close();
  }
}
