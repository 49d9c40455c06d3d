/**
 * A value kept in memory per database and read again only when a change counter moved: the
 * public facts (facts/public-cache.ts) and the site content (site/site-content.ts). Triggers
 * bump the counter on every write to the tables behind the value, whoever writes
 * (docs/decisions/0010-change-counter-row-bumped-by-triggers.md), so each use costs one read
 * of a one-row index, shared by the calls of one event-loop turn (docs/decisions/0011), and
 * the value's own query runs only after a change.
 */
import { changeCounter, type Db } from '#db';

export interface CounterKeyedCache<T> {
  /** The value, from memory unless the counter moved since it was read. */
  get(db: Db): Promise<T>;
  /** The value last read or being read, without asking the counter; null before the first. */
  last(db: Db): Promise<T> | null;
}

interface State<T> {
  /** The counter's value read before `value`'s rows. */
  counter: number;
  value: Promise<T> | null;
}

/**
 * `load` reads the value; it runs after the counter was read, so a write landing in between
 * makes the next call read again and never keeps stale rows. Callers that find the same
 * counter share one read, also while it is still running; a failed read is not kept.
 */
export function counterKeyedCache<T>(
  counterName: string,
  load: (db: Db) => Promise<T>,
): CounterKeyedCache<T> {
  const states = new WeakMap<Db, State<T>>();

  function stateOf(db: Db): State<T> {
    let state = states.get(db);
    if (!state) {
      state = { counter: -1, value: null };
      states.set(db, state);
    }
    return state;
  }

  return {
    // Not an async function: on the hot path (nothing changed) one promise per call, not three.
    get(db) {
      const state = stateOf(db);
      return changeCounter(db, counterName).then((counter) => {
        if (state.value && state.counter === counter) return state.value;
        const loading = load(db);
        state.counter = counter;
        state.value = loading;
        loading.catch(() => {
          // The next call tries again.
          if (state.value === loading) state.value = null;
        });
        return loading;
      });
    },
    last(db) {
      return states.get(db)?.value ?? null;
    },
  };
}
