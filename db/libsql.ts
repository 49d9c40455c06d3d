import {
  createClient,
  type Client,
  type InValue,
  type ResultSet,
  type Transaction,
} from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import type { BatchRows, Db, Statement, Store } from './index';
import { MIGRATIONS_FOLDER, migrateSafely, readJournal, type MigrationOptions } from './migrations';
import { recordMigrations } from './migration-state';
import { timedStatement } from './statement-spans';

/**
 * A server that stops answering without refusing connections (a network partition, a hung
 * host) would otherwise hold a request, and with it this instance's one write slot, forever.
 * Past the timeout the request fails like an unreachable server: 503, and the queue moves on.
 */
const REQUEST_TIMEOUT_MS = 10_000;

export function fetchWithin(ms: number) {
  return (request: Request) => fetch(request, { signal: AbortSignal.timeout(ms) });
}

/**
 * The caches check a counter on every use, which on a libSQL server is a request each: under
 * load, hundreds at once. Callers share reads instead, and stay exact: a caller never takes
 * the answer of a read sent before it called (that read may predate a write it must see), it
 * waits for the next read, which starts when the one in flight ends and answers everyone who
 * came meanwhile. At most two reads per counter are pending, whatever the load.
 */
export function coalescedCounterReads(read: (name: string) => Promise<number>) {
  const slots = new Map<
    string,
    { running: Promise<number> | null; queued: Promise<number> | null }
  >();
  return (name: string): Promise<number> => {
    let slot = slots.get(name);
    if (!slot) {
      slot = { running: null, queued: null };
      slots.set(name, slot);
    }
    const own = slot;
    const start = () => {
      const reading = read(name);
      own.running = reading;
      const done = () => {
        if (own.running === reading) own.running = null;
      };
      reading.then(done, done);
      return reading;
    };
    if (!own.running) return start();
    const after = () => {
      own.queued = null;
      return start();
    };
    own.queued ??= own.running.then(after, after);
    return own.queued;
  };
}

/** A statement's SQL as the client takes it: the text, or `{ sql, args }`, or `[sql, args]`. */
function sqlOf(statement: unknown): string {
  if (typeof statement === 'string') return statement;
  if (Array.isArray(statement)) return sqlOf(statement[0]);
  if (statement !== null && typeof statement === 'object' && 'sql' in statement) {
    return String(statement.sql);
  }
  return '';
}

/** Each statement or batch a span timed to the server's answer (db/statement-spans.ts). */
function traceRequests<T extends Pick<Transaction, 'execute' | 'batch'>>(target: T): T {
  const execute = target.execute.bind(target) as (...args: unknown[]) => Promise<ResultSet>;
  const batch = target.batch.bind(target) as (...args: unknown[]) => Promise<ResultSet[]>;
  target.execute = ((...args: unknown[]) =>
    timedStatement(sqlOf(args[0]), () => execute(...args))) as T['execute'];
  target.batch = ((...args: unknown[]) => {
    const statements = Array.isArray(args[0]) ? (args[0] as unknown[]) : [];
    return timedStatement(statements.map(sqlOf).join(';\n'), () => batch(...args));
  }) as T['batch'];
  return target;
}

/** The client, and each interactive transaction it opens, with their requests traced. */
function tracedClient(client: Client): Client {
  traceRequests(client);
  const transaction = client.transaction.bind(client);
  client.transaction = (async (...args: Parameters<Client['transaction']>) =>
    traceRequests(await transaction(...args))) as Client['transaction'];
  return client;
}

/** The newest migration recorded on the server; null for a database never migrated. */
async function lastApplied(client: Client): Promise<number | null> {
  const table = await client.execute(
    "select 1 from sqlite_master where type = 'table' and name = '__drizzle_migrations'",
  );
  if (table.rows.length === 0) return null;
  const newest = (await client.execute('select max(created_at) as at from __drizzle_migrations'))
    .rows[0]?.at;
  return newest === null || newest === undefined ? null : Number(newest);
}

/**
 * A libSQL server (sqld, Turso) shared by every instance. Each read is one HTTP request;
 * a transaction is an interactive stream, which sqld ends after 5 s: keep them short.
 */
export async function openLibsql(
  target: { url: string; authToken?: string },
  { migrationsFolder = MIGRATIONS_FOLDER }: MigrationOptions = {},
): Promise<Store> {
  const client = tracedClient(
    createClient({
      url: target.url,
      authToken: target.authToken,
      intMode: 'number',
      fetch: fetchWithin(REQUEST_TIMEOUT_MS),
    }),
  );
  const libsql = drizzle(client);
  // Read before migrating (db/migration-state.ts). An instance starting beside this one may
  // apply some of them first: this start then names them too.
  const journal = readJournal(migrationsFolder);
  const before = await lastApplied(client);
  await migrateSafely(() => migrate(libsql, { migrationsFolder }));
  // See embedded.ts: one type for both drivers.
  const db = libsql as unknown as Db;
  recordMigrations(db, journal, before);

  return {
    db,
    sqliteFile: null,
    changeCounter: coalescedCounterReads(async (name) => {
      const result = await client.execute({
        sql: 'select value from change_counters where name = ?',
        args: [name],
      });
      return Number(result.rows[0]?.value ?? 0);
    }),
    transaction(fn) {
      return libsql.transaction(async (tx) => fn(tx as unknown as Db), { behavior: 'immediate' });
    },
    async batch(statements: Statement[]): Promise<BatchRows> {
      // 'write': BEGIN IMMEDIATE. The client sends the statements, the transaction around
      // them and the stream's end in one HTTP request.
      const results = await client.batch(
        statements.map(({ sql, params }) => ({ sql, args: params as InValue[] })),
        'write',
      );
      return results.map((result) =>
        result.rows.map((row) => Array.from({ length: result.columns.length }, (_, i) => row[i])),
      );
    },
    async close() {
      client.close();
    },
  };
}
