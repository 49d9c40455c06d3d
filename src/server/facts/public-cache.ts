/**
 * The visitors' facts list, kept in memory as ready JSON bytes with an ETag. It is the one
 * implementation behind `facts.listPublic` (any tRPC call, createCaller) and the fast answers
 * of GET /api/ai-facts and GET /api/trpc/facts.listPublic: the query runs only when the
 * content may have changed.
 *
 * Staleness (platform/counter-cache.ts): before each use the cache reads the `ai_facts` row of
 * `change_counters`, which triggers bump on every insert, update and delete of a fact,
 * whoever writes it: this instance, another instance on the same file or libSQL server, the
 * admin CLI, a manual edit. On the embedded file that is one prepared read of a one-row
 * index, shared by the calls of one event-loop turn; on a libSQL server one small request
 * instead of the whole list, shared likewise (db/embedded.ts, db/libsql.ts).
 */
import { bytesEtag } from '#server/http/etag';
import type { ReadyBytes } from '#server/http/ready-bytes';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '#db';
import { aiFacts } from '#db/schema';
import type { PublicFactsResult } from '#shared/shapes/facts';
import { counterKeyedCache } from '#server/platform/counter-cache';

export interface PublicFactsSnapshot {
  /** What the procedure answers. Frozen: callers share this one object. */
  result: Readonly<PublicFactsResult>;
  /** The REST body, `{ success, facts }`. */
  rest: ReadyBytes;
  /** The body tRPC sends for a single (unbatched) call: `{ result: { data } }`. */
  trpc: ReadyBytes;
}

/** The exact body bytes and their strong ETag; small, sent as they are. */
function ready(value: unknown): ReadyBytes {
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  return { body, etag: bytesEtag(body), type: 'application/json', encoded: null };
}

async function load(db: Db): Promise<PublicFactsSnapshot> {
  const facts = await db
    .select({ id: aiFacts.id, factText: aiFacts.factText, source: aiFacts.source })
    .from(aiFacts)
    .where(eq(aiFacts.active, true))
    .orderBy(asc(aiFacts.order), asc(aiFacts.id))
    .all();
  const result: PublicFactsResult = { success: true, facts };
  for (const fact of facts) Object.freeze(fact);
  Object.freeze(facts);
  return {
    result: Object.freeze(result),
    rest: ready(result),
    trpc: ready({ result: { data: result } }),
  };
}

const cache = counterKeyedCache('ai_facts', load);

/** The current public facts: from memory, or read anew when a fact changed. */
export function publicFacts(db: Db): Promise<PublicFactsSnapshot> {
  return cache.get(db);
}
