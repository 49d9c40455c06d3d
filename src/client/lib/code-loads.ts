/**
 * The page's parts whose code comes later with `import()` (the islands, the facts carousel,
 * the assistant's panel, the booking picker, the toasts' region), each load recorded under
 * the part's name. `codeLoaded(name)` is the part's ready signal: a test waits on the code
 * itself, never on a clock that a slower machine outruns (docs/testing.md, "Waiting on a
 * part's code").
 */
interface Signal {
  promise: Promise<void>;
  resolve: () => void;
  reject: (reason: unknown) => void;
}

const signals = new Map<string, Signal>();

function signalOf(name: string): Signal {
  let signal = signals.get(name);
  if (!signal) {
    let resolve: () => void = () => {};
    let reject: (reason: unknown) => void = () => {};
    const promise = new Promise<void>((yes, no) => {
      resolve = yes;
      reject = no;
    });
    // A failed load is the part's own to handle (its Suspense, its catch); nobody waiting
    // here must not make it an unhandled rejection too.
    promise.catch(() => {});
    signal = { promise, resolve, reject };
    signals.set(name, signal);
  }
  return signal;
}

/** `load`, each of whose runs settles `name`'s signal when the code has come (or failed). */
export function recordedLoad<T>(name: string, load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().then(
      (module) => {
        signalOf(name).resolve();
        return module;
      },
      (error: unknown) => {
        signalOf(name).reject(error);
        throw error;
      },
    );
}

/** Resolves once `name`'s code has loaded, at once when it already has. */
export function codeLoaded(name: string): Promise<void> {
  return signalOf(name).promise;
}
