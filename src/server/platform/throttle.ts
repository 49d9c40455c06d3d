/**
 * The throttle: events counted per bucket in a sliding window, kept in the database so that
 * a restart does not hand out a fresh allowance and every instance counts the same rows
 * (docs/decisions/0003). The rules (how many, how long, what a refusal says) are named
 * beside the feature they guard, in its `throttle-rules.ts`; maintenance/prune.ts reads
 * them to know how long each kind of event must be kept.
 *
 * One way to count: `take` a place in each bucket, the check being a condition of the
 * statement that inserts the event, so nothing can slip in between them and no burst gets
 * more than the limit (docs/decisions/0004). Inside a write transaction, `take(tx, …)`;
 * where the caller's write is a statement batch (one request to a libSQL server,
 * docs/decisions/0025), `takeInBatch` with the caller's statements after the places.
 * `release` gives places back, `clear` empties buckets; `assertRoom` is the read-only check
 * made before a write, to refuse without queueing for the write lock.
 */
import {
  and,
  count,
  eq,
  fillPlaceholders,
  gt,
  inArray,
  lt,
  not,
  sql,
  type Placeholder,
  type Query,
  type SQL,
} from 'drizzle-orm';
import type { BatchRows, Db } from '#db';
import { namedStatements, writeNamedBatch } from '#db/named-batch';
import { insertWhere } from '#db/insert-where';
import { throttleEvents } from '#db/schema';
import {
  checkedBuckets,
  outcome,
  refusal,
  rulesOf,
  takeQueries,
  valueSlots,
  windowStart,
  type Taken,
  type ThrottleBucket,
  type ThrottleRule,
} from './throttle-count';

export {
  throttledError,
  type Taken,
  type ThrottleBucket,
  type ThrottleRule,
} from './throttle-count';

/**
 * Takes a place in each bucket inside the caller's write transaction (`tx`), or throws the
 * 429 of the fullest bucket (its rule's message, its wait). Transactions run one at a time,
 * so requests arriving together each see the places taken before them.
 */
export async function take(
  tx: Db,
  given: ThrottleBucket | ThrottleBucket[],
  now: Date,
): Promise<Taken> {
  const buckets = checkedBuckets(given);
  const { inserts, usage } = takeQueries(tx, rulesOf(buckets), valueSlots(buckets, now));
  const ids: number[] = [];
  for (const insert of inserts) ids.push(...(await insert.all()).map((row) => row.id));
  return outcome(buckets, ids, await usage.values(), now);
}

/**
 * The caller's statements of a `takeInBatch`, by name, built once (drizzle's query building
 * cost more than the rest of a contact post together) with a placeholder per key, filled per
 * call. `build` gets the condition `taken`, which holds just after the places only when they
 * were taken: put it in the first statement's WHERE, and chain the next ones on
 * `changes() > 0`. They run in the order written; each one's rows are read by its name
 * (db/named-batch.ts).
 */
export function batchStatements<K extends string, N extends string>(
  keys: readonly K[],
  build: (db: Db, taken: SQL, values: Record<K, Placeholder>) => Record<N, Query>,
) {
  let built: Record<N, Query> | undefined;
  return {
    build(db: Db): Record<N, Query> {
      if (!built) {
        const values = {} as Record<K, Placeholder>;
        for (const key of keys) values[key] = sql.placeholder(key);
        built = build(db, sql`changes() > 0`, values);
      }
      return built;
    },
  };
}

export type BatchStatements<K extends string, N extends string> = ReturnType<
  typeof batchStatements<K, N>
>;

/** A take's statements, built once per list of rules, with placeholders. */
const takeTemplates = new Map<string, { inserts: Query[]; usage: Query }>();

function takeTemplate(db: Db, rules: ThrottleRule[]) {
  const key = rules.map((rule) => `${rule.limit}/${rule.windowMs}`).join(',');
  let template = takeTemplates.get(key);
  if (!template) {
    const { inserts, usage } = takeQueries(db, rules, {
      bucket: (i) => sql.placeholder(`throttle_bucket_${i}`),
      since: (i) => sql.param(sql.placeholder(`throttle_since_${i}`), throttleEvents.at),
      now: sql.placeholder('throttle_now'),
    });
    template = { inserts: inserts.map((q) => q.toSQL()), usage: usage.toSQL() };
    takeTemplates.set(key, template);
  }
  return template;
}

/**
 * Takes a place in each bucket and runs the caller's statements (`own`, only when the places
 * were taken) in one statement batch: one request to a libSQL server. Answers the places and
 * the rows of `own`'s statements, or throws the 429 of the fullest bucket. Batches run one
 * after another, each seeing the events of those before it, so no burst gets more than the
 * limit.
 */
export async function takeInBatch<K extends string = never, N extends string = never>(
  db: Db,
  given: ThrottleBucket | ThrottleBucket[],
  now: Date,
  own?: { statements: BatchStatements<K, N>; values: Record<K, unknown> },
): Promise<Taken & { rows: Record<N, BatchRows[number]> }> {
  const buckets = checkedBuckets(given);
  const template = takeTemplate(db, rulesOf(buckets));
  const ownStatements = namedStatements(own ? own.statements.build(db) : ({} as Record<N, Query>));
  const filled: Record<string, unknown> = { ...own?.values, throttle_now: now };
  buckets.forEach(({ bucket, rule }, i) => {
    filled[`throttle_bucket_${i}`] = bucket;
    filled[`throttle_since_${i}`] = windowStart(rule, now);
  });
  const fill = ({ sql: text, params }: Query) => ({
    sql: text,
    params: fillPlaceholders(params, filled),
  });
  const rows = await writeNamedBatch(db, {
    places: template.inserts.map(fill),
    own: ownStatements.statements.map(fill),
    usage: fill(template.usage),
  });
  const ids = rows.places.flatMap((inserted) => inserted.map(([id]) => Number(id)));
  const taken = outcome(buckets, ids, rows.usage, now);
  return { ...taken, rows: ownStatements.rowsOf(rows.own) };
}

/**
 * One place in one bucket as a statement of the caller's batch (`batchStatements`), taken
 * only when `condition` holds and the bucket has room under `rule`; it answers the event's id
 * when taken and no row when not, and refuses nothing. For a place that decides a side effect
 * rather than the request (one acknowledgement mail per address a day): the check and the
 * write are one statement, so requests arriving together take the one place once.
 */
export function placeWhenRoom(
  db: Db,
  rule: ThrottleRule,
  slot: { bucket: Placeholder; now: Placeholder },
  condition: SQL,
): Query {
  const now = sql.param(slot.now, throttleEvents.at);
  const used = db
    .select({ n: count() })
    .from(throttleEvents)
    .where(
      and(
        eq(throttleEvents.bucket, slot.bucket),
        gt(throttleEvents.at, sql`${now} - ${rule.windowMs}`),
      ),
    );
  return insertWhere(
    db,
    throttleEvents,
    { bucket: slot.bucket, at: slot.now },
    sql`${condition} and ${used} < ${rule.limit}`,
  )
    .returning({ id: throttleEvents.id })
    .toSQL();
}

/**
 * Throws the 429 a take would throw, by one read (whatever the number of buckets) and
 * without writing: a request refused here never waits for the write lock. Not a count: the
 * write that follows takes its places (and checks again).
 */
export async function assertRoom(
  db: Db,
  given: ThrottleBucket | ThrottleBucket[],
  now: Date,
): Promise<void> {
  const buckets = checkedBuckets(given);
  const { usage } = takeQueries(db, rulesOf(buckets), valueSlots(buckets, now));
  const refused = refusal(buckets, await usage.values(), now);
  if (refused) throw refused;
}

/** Gives places back: await it inside a write transaction, or pass its `.toSQL()` to a batch. */
export function release(db: Db, ids: number[]) {
  return db.delete(throttleEvents).where(inArray(throttleEvents.id, ids));
}

/** Empties buckets: await it inside a write transaction, or pass its `.toSQL()` to a batch. */
export function clear(db: Db, buckets: string[]) {
  return db.delete(throttleEvents).where(inArray(throttleEvents.bucket, buckets));
}

const startsWith = (prefix: string) =>
  sql`substr(${throttleEvents.bucket}, 1, ${prefix.length}) = ${prefix}`;

/**
 * Drops each kind's events once its own window has passed (the longest, when rules of one
 * kind differ): no rule needs them any more, and a row that names a client (by a keyed
 * hash, but still one per visitor) is kept no longer than its rule needs it. A kind that
 * starts another's (`login-fail` and `login-fail:devices-of-user`) leaves the longer one's
 * buckets to it. Events of a bucket no rule names are dropped after the longest window of
 * all, so a rule left out is still kept no longer than any rule needs.
 */
export async function pruneEvents(tx: Db, now: Date, rules: ThrottleRule[]): Promise<void> {
  const windows = new Map<string, number>();
  for (const { kind, windowMs } of rules) {
    windows.set(kind, Math.max(windowMs, windows.get(kind) ?? 0));
  }
  for (const [kind, windowMs] of windows) {
    const longer = [...windows.keys()].filter((other) => other.startsWith(`${kind}:`));
    await tx
      .delete(throttleEvents)
      .where(
        and(
          startsWith(`${kind}:`),
          ...longer.map((other) => not(startsWith(`${other}:`))),
          lt(throttleEvents.at, new Date(now.getTime() - windowMs)),
        ),
      );
  }
  const longest = Math.max(...windows.values());
  await tx.delete(throttleEvents).where(lt(throttleEvents.at, new Date(now.getTime() - longest)));
}
