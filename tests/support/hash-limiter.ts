/** Hashing limiters for tests of what happens while a password is being checked. */
import type { Limiter } from '#server/platform/limiter';

/**
 * Runs `meanwhile()` just before each password hash (a change a test makes while the check is
 * under way), then the hash: in `inner`'s slots when given, at once otherwise.
 */
export function hashingAfter(meanwhile: () => Promise<void>, inner?: Limiter): Limiter {
  return {
    get waiting() {
      return inner?.waiting ?? 0;
    },
    async run(fn) {
      await meanwhile();
      return inner ? inner.run(fn) : fn();
    },
  };
}
