import { createContext, useContext, type ComponentType } from 'react';

const InPendingScreen = createContext(false);

/** Whether this copy of a screen is its route's pending component (see `asPendingScreen`). */
export function useInPendingScreen(): boolean {
  return useContext(InPendingScreen);
}

type RouteComponent = ComponentType & { preload?: () => Promise<void> };

const marked = new WeakSet<object>();

/**
 * An admin route's pending component is its screen, drawn while the loader waits
 * (docs/architecture.md, "Admin screens"). When the loader ends, the router puts the route's
 * component in its place: a new copy, so whatever was done in the pending one (a button
 * pressed, a mutation waiting for its answer, text typed) was lost. Under load its own reads
 * could answer before the loader ended and draw a whole, usable screen there. Marked as
 * pending, the screen's reads (`QueryState`) draw their spinner whatever the cache holds.
 */
export function asPendingScreen(Screen: RouteComponent): RouteComponent {
  if (marked.has(Screen)) return Screen;
  function PendingScreen() {
    return (
      <InPendingScreen.Provider value={true}>
        <Screen />
      </InPendingScreen.Provider>
    );
  }
  // The router loads a split route's code through `preload` before it draws.
  const wrapped: RouteComponent = Object.assign(PendingScreen, { preload: Screen.preload });
  marked.add(wrapped);
  return wrapped;
}
