/**
 * A hook a feature calls and the app sets once (app/app-router.ts): how a feature reaches one
 * built on it without importing it, against the features' order (docs/architecture.md, "The
 * layers"). Until it is set, a call answers `unset`: the feature's behaviour on its own.
 */
export function appHook<Args extends unknown[], Result>(unset: Result) {
  let hook: ((...args: Args) => Promise<Result>) | null = null;
  return {
    /** The app's one setting of it. */
    set(next: (...args: Args) => Promise<Result>): void {
      hook = next;
    },
    /** Runs it, in the caller's transaction when it is given one. */
    run(...args: Args): Promise<Result> {
      return hook ? hook(...args) : Promise.resolve(unset);
    },
  };
}
