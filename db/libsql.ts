import { createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import type { Db, Store } from './index';
import { MIGRATIONS_FOLDER, migrateSafely } from './migrations';
import * as schema from './schema';

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
 * A libSQL server (sqld, Turso) shared by every instance. Each read is one HTTP request;
 * a transaction is an interactive stream, which sqld ends after 5 s: keep them short.
 */
export async function openLibsql(target: { url: string; authToken?: string }): Promise<Store> {
  const client = createClient({
    url: target.url,
    authToken: target.authToken,
    intMode: 'number',
    fetch: fetchWithin(REQUEST_TIMEOUT_MS),
  });
  const libsql = drizzle(client, { schema });
  await migrateSafely(() => migrate(libsql, { migrationsFolder: MIGRATIONS_FOLDER }));
  // See embedded.ts: one type for both drivers.
  const db = libsql as unknown as Db;

  return {
    db,
    sqliteFile: null,
    async changeCounter(name) {
      const result = await client.execute({
        sql: 'select value from change_counters where name = ?',
        args: [name],
      });
      return Number(result.rows[0]?.value ?? 0);
    },
    transaction(fn) {
      return libsql.transaction(async (tx) => fn(tx as unknown as Db), { behavior: 'immediate' });
    },
    async close() {
      client.close();
    },
  };
}
