/**
 * A batch whose statements are named (docs/architecture.md, "Written once"): they run in the
 * order written, as one `writeBatch` (one request to a libSQL server), and each one's rows are
 * read by its name, never by its place, so moving or adding a statement changes no read. A
 * name may stand for a list of statements (one per throttle bucket, one per day): its rows are
 * each statement's, in order. A lint rule refuses reading `writeBatch`'s rows by place
 * (scripts/one-place-rules.js).
 */
import { writeBatch, type BatchRows, type Db, type Statement } from './index';

export type NamedStatements = Record<string, Statement | readonly Statement[]>;

/** The rows of each name: a statement's rows, or for a list the rows of each of its statements. */
export type NamedRows<T extends NamedStatements> = {
  [K in keyof T]: T[K] extends readonly Statement[] ? BatchRows : BatchRows[number];
};

const isList = (value: Statement | readonly Statement[]): value is readonly Statement[] =>
  Array.isArray(value);

/** The statements in the order written, and the batch's rows read back by name. */
export function namedStatements<T extends NamedStatements>(
  named: T,
): { statements: Statement[]; rowsOf: (rows: BatchRows) => NamedRows<T> } {
  const statements: Statement[] = [];
  const places: { name: string; at: number; count: number | null }[] = [];
  for (const [name, value] of Object.entries(named)) {
    places.push({ name, at: statements.length, count: isList(value) ? value.length : null });
    statements.push(...(isList(value) ? value : [value]));
  }
  const rowsOf = (rows: BatchRows) => {
    const byName: Record<string, BatchRows | BatchRows[number]> = {};
    for (const { name, at, count } of places) {
      byName[name] = count === null ? (rows[at] ?? []) : rows.slice(at, at + count);
    }
    return byName as NamedRows<T>;
  };
  return { statements, rowsOf };
}

/** `writeBatch` with named statements: each one's rows under its name. */
export async function writeNamedBatch<T extends NamedStatements>(
  db: Db,
  named: T,
): Promise<NamedRows<T>> {
  const { statements, rowsOf } = namedStatements(named);
  return rowsOf(await writeBatch(db, statements));
}
