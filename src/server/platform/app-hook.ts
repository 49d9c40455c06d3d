/**
 * A hook a feature calls and the app sets once (app/app-router.ts): how a feature reaches one
 * built on it without importing it, against the features' order (docs/architecture.md, "The
 * layers"). Until it is set, a call answers `unset`: the feature's behaviour on its own.
 */
export function appHook<Hook extends (...args: never[]) => Promise<unknown>>(
  unset: Awaited<ReturnType<Hook>>,
) {
  let hook: Hook | null = null;
  return {
    /** The app's one setting of it. */
    set(next: Hook): void {
      hook = next;
    },
    /** Runs it, in the caller's transaction when it is given one. */
    run(...args: Parameters<Hook>): Promise<Awaited<ReturnType<Hook>>> {
      return hook ? (hook(...args) as Promise<Awaited<ReturnType<Hook>>>) : Promise.resolve(unset);
    },
  };
}
