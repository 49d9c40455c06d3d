import { Suspense, lazy, memo, type ComponentType, type ReactNode } from 'react';
import { recordedLoad } from './code-loads';

/** How far ahead of the viewport an island starts loading. */
const NEAR_VIEWPORT = '400px 0px';

/**
 * Resolves when the prerendered island with this id is about to be needed: close to the
 * viewport, or touched, focused or hovered first. Without prerendered markup (a client-side
 * navigation, the dev server) it resolves at once.
 */
export function whenNeeded(id: string): Promise<void> {
  const element = typeof document === 'undefined' ? null : document.getElementById(id);
  if (!element || typeof IntersectionObserver === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const events = ['focusin', 'pointerdown', 'pointerenter', 'touchstart'] as const;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) done();
      },
      { rootMargin: NEAR_VIEWPORT },
    );
    function done() {
      observer.disconnect();
      for (const type of events) element?.removeEventListener(type, done, true);
      resolve();
    }
    observer.observe(element);
    for (const type of events)
      element.addEventListener(type, done, { capture: true, passive: true });
  });
}

/**
 * A part of the page whose code loads only when needed (forms below the fold). Its HTML is
 * prerendered; on the client React keeps that HTML as it is and hydrates it once the code
 * has arrived. The island takes no props and is memoised, so no update from above can reach
 * it before it is hydrated (which would make React throw the prerendered HTML away). Its
 * load is recorded under its id: `codeLoaded(id)` resolves once its code has come.
 */
export function createIsland(
  id: string,
  load: () => Promise<{ default: ComponentType }>,
  options: { fallback: ReactNode; className?: string },
) {
  // No document: rendering on the server (the build's prerender, or the server's own render
  // of a saved content version under tsx, where import.meta.env does not exist).
  const Lazy = lazy(
    recordedLoad(id, typeof document === 'undefined' ? load : () => whenNeeded(id).then(load)),
  );
  function Island() {
    return (
      <div id={id} className={options.className}>
        <Suspense fallback={options.fallback}>
          <Lazy />
        </Suspense>
      </div>
    );
  }
  Island.displayName = `Island(${id})`;
  return memo(Island);
}
