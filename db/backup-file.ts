/**
 * The low-level half of a verified backup (docs/operations.md, "Backups"): a consistent
 * copy of the embedded file, what is in it (rows per table, schema version), gzip both ways,
 * and the checks a copy must pass before it counts or is restored. src/server/backups/ puts
 * these together with the stores, the lease and the schedule.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import Database from 'better-sqlite3';
import { MIGRATIONS_FOLDER } from './migrations';
import { lastAppliedMillis } from './migration-snapshot';

/** Rows per ordinary table (virtual tables are counted through their shadow tables). */
export type TableRows = Record<string, number>;

export interface CopyFacts {
  /** The newest applied migration's name (`0039_backups`), or its time when unknown. */
  schemaVersion: string;
  tables: TableRows;
}

export function rowsPerTable(connection: Database.Database): TableRows {
  const names = connection
    .prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' " +
        "and coalesce(sql, '') not like 'CREATE VIRTUAL TABLE%' order by name",
    )
    .pluck()
    .all() as string[];
  const rows: TableRows = {};
  for (const name of names) {
    const quoted = `"${name.replace(/"/g, '""')}"`;
    rows[name] = connection.prepare(`select count(*) from ${quoted}`).pluck().get() as number;
  }
  return rows;
}

/** The newest applied migration by name, from the journal beside the migrations. */
export function schemaVersionOf(connection: Database.Database): string {
  const millis = lastAppliedMillis(connection);
  if (millis === null) return 'none';
  const journal = path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json');
  if (existsSync(journal)) {
    const { entries } = JSON.parse(readFileSync(journal, 'utf8')) as {
      entries: { tag: string; when: number }[];
    };
    const entry = entries.find((e) => e.when === millis);
    if (entry) return entry.tag;
  }
  return String(millis);
}

/** A copy's own facts, read from the copy (never the live file, which moves on). */
export function factsOf(file: string): CopyFacts {
  const connection = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return { schemaVersion: schemaVersionOf(connection), tables: rowsPerTable(connection) };
  } finally {
    connection.close();
  }
}

export async function gzipFile(from: string, to: string): Promise<void> {
  await pipeline(
    createReadStream(from),
    createGzip({ level: 6 }),
    createWriteStream(to, { mode: 0o600 }),
  );
}

export async function gunzipFile(from: string, to: string): Promise<void> {
  await pipeline(createReadStream(from), createGunzip(), createWriteStream(to, { mode: 0o600 }));
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/**
 * Checks a database file as SQLite sees it: `PRAGMA integrity_check` says ok, and when rows
 * per table are expected, each table holds exactly that many. Answers the problem in a few
 * words, or null when the file is sound.
 */
export function problemWith(file: string, expected: TableRows | null): string | null {
  let connection: Database.Database;
  try {
    connection = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    return `not a database (${(error as Error).message})`;
  }
  try {
    const integrity = connection.pragma('integrity_check', { simple: true }) as string;
    if (integrity !== 'ok') return `integrity check failed (${integrity})`;
    if (!expected) return null;
    const found = rowsPerTable(connection);
    const names = new Set([...Object.keys(expected), ...Object.keys(found)]);
    for (const name of [...names].sort()) {
      if (expected[name] !== found[name]) {
        return `table ${name} holds ${found[name] ?? 'no'} rows, the manifest says ${expected[name] ?? 'none'}`;
      }
    }
    return null;
  } catch (error) {
    return `not a readable database (${(error as Error).message})`;
  } finally {
    connection.close();
  }
}
