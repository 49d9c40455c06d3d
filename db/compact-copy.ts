import Database from 'better-sqlite3';

/**
 * Writes a compact copy of the open database into `target` (an empty or missing file) with
 * `VACUUM INTO`: one read transaction, so in WAL mode a consistent snapshot while writers go
 * on, and rebuilt page by page, so the copy holds no page the live database has freed nor a
 * removed row's bytes (docs/operations.md, "Backups"). Answers the copy's pages.
 */
export function compactCopy(connection: Database.Database, target: string): number {
  connection.prepare('VACUUM INTO ?').run(target);
  const copy = new Database(target, { readonly: true, fileMustExist: true });
  try {
    return copy.pragma('page_count', { simple: true }) as number;
  } finally {
    copy.close();
  }
}
