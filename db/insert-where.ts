import { getTableColumns, is, SQL, sql } from 'drizzle-orm';
import type { SQLiteInsertValue, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from './index';

/**
 * `INSERT INTO table (every column) SELECT <the row's values> WHERE condition`: the row is
 * written only when the condition holds as the statement runs, which makes a check and a
 * write one statement (no read, then a write, with a gap between them). Values are encoded
 * by their columns as drizzle's `.values()` would (dates, booleans), placeholders included,
 * and a missing value takes the column's default the same way. Chain `.returning()` or `.onConflictDoNothing()` as
 * usual; the WHERE clause is what lets SQLite parse an ON CONFLICT after a SELECT.
 */
export function insertWhere<T extends SQLiteTable>(
  db: Db,
  table: T,
  values: SQLiteInsertValue<T>,
  condition: SQL,
) {
  const given = values as Record<string, unknown>;
  const selected = Object.entries(getTableColumns(table))
    // The columns drizzle lists in an INSERT, in its order: all but generated ones.
    .filter(([, column]) => column.generated === undefined || column.generated.type === 'byDefault')
    .map(([key, column]) => {
      const value = given[key];
      if (value !== undefined) return is(value, SQL) ? value : sql.param(value, column);
      const fallback = column.default ?? column.defaultFn?.();
      if (fallback === undefined) return sql`null`;
      return is(fallback, SQL) ? fallback : sql.param(fallback, column);
    });
  return db.insert(table).select(sql`select ${sql.join(selected, sql`, `)} where ${condition}`);
}
