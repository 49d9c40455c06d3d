/**
 * The visitors' facts list, kept in memory as ready JSON bytes with an ETag. It is the one
 * implementation behind `facts.listPublic` (any tRPC call, createCaller) and the fast answers
 * of GET /api/ai-facts and GET /api/trpc/facts.listPublic: the query runs only when the
 * content may have changed.
 *
 * Staleness (DESIGN.md section 7): before each use the cache compares a version made of
 *  - SQLite's `PRAGMA data_version`, which changes when ANOTHER connection (another app
 *    instance on the same file, the admin CLI, a manual edit) commits a write, and
 *  - an in-process counter that the facts and tags procedures bump inside their write
 *    transaction, because data_version does not change for the connection's own writes.
 * The check is one prepared pragma, about a microsecond. Another connection's write of any
 * table (a contact message) also drops the cache: correct, and rare enough to be cheap.
 */
import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../db';
import { aiFacts } from '../../db/schema';
import type { PublicFact } from '../shared/types';

export interface PublicFactsResult {
  success: true;
  facts: PublicFact[];
}

/** A ready answer: the exact body bytes and their strong ETag. */
export interface ReadyJson {
  body: Uint8Array;
  etag: string;
}

export interface PublicFactsSnapshot {
  /** What the procedure answers. Frozen: callers share this one object. */
  result: Readonly<PublicFactsResult>;
  /** The REST body, `{ success, facts }`. */
  rest: ReadyJson;
  /** The body tRPC sends for a single (unbatched) call: `{ result: { data } }`. */
  trpc: ReadyJson;
}

interface CacheState {
  dataVersion: Statement<[], number>;
  /** Bumped by this process's own fact and tag writes. */
  localVersion: number;
  snapshot: PublicFactsSnapshot | null;
  snapshotDataVersion: number;
  snapshotLocalVersion: number;
}

const states = new WeakMap<Db, CacheState>();

function stateOf(db: Db): CacheState {
  let state = states.get(db);
  if (!state) {
    state = {
      dataVersion: db.$client.prepare<[], number>('PRAGMA data_version').pluck(),
      localVersion: 0,
      snapshot: null,
      snapshotDataVersion: -1,
      snapshotLocalVersion: -1,
    };
    states.set(db, state);
  }
  return state;
}

function ready(value: unknown): ReadyJson {
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 22);
  return { body, etag: `"${hash}"` };
}

function load(db: Db): PublicFactsSnapshot {
  const facts = db
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

/** The current public facts: from memory, or read anew when the database changed. */
export function publicFacts(db: Db): PublicFactsSnapshot {
  const state = stateOf(db);
  const dataVersion = state.dataVersion.get() as number;
  if (
    state.snapshot &&
    state.snapshotDataVersion === dataVersion &&
    state.snapshotLocalVersion === state.localVersion
  ) {
    return state.snapshot;
  }
  // The version is read before the rows: a write landing in between makes the next call
  // read again, never keeps stale rows.
  const localVersion = state.localVersion;
  state.snapshot = load(db);
  state.snapshotDataVersion = dataVersion;
  state.snapshotLocalVersion = localVersion;
  return state.snapshot;
}

/**
 * Marks the facts or tags as changed by this process. Called by every fact and tag write,
 * inside its transaction (a rolled-back write only costs one extra reload).
 */
export function factsChanged(db: Db): void {
  stateOf(db).localVersion++;
}
