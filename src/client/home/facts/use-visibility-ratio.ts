import { useEffect, useState, type RefObject } from 'react';

export interface Visibility {
  /** Some of the element is inside the viewport. */
  onScreen: boolean;
  /** At least `threshold` of it is. */
  atThreshold: boolean;
}

/**
 * How much of the element is inside the viewport, from one IntersectionObserver. Nothing is
 * visible until the first observation; everything is where the browser cannot tell (no
 * observer).
 */
export function useVisibility(ref: RefObject<Element | null>, threshold: number): Visibility {
  const [visibility, setVisibility] = useState<Visibility>(() => {
    const unknown = typeof IntersectionObserver === 'undefined';
    return { onScreen: unknown, atThreshold: unknown };
  });
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const onScreen = entry.isIntersecting;
          const atThreshold = onScreen && entry.intersectionRatio >= threshold;
          setVisibility((seen) =>
            seen.onScreen === onScreen && seen.atThreshold === atThreshold
              ? seen
              : { onScreen, atThreshold },
          );
        }
      },
      { threshold: [0, threshold, 1] },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, threshold]);
  return visibility;
}
