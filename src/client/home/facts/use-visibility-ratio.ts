import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether at least `threshold` of the element is inside the viewport (with 0: any of it).
 * False until the first observation; true where the browser cannot tell (no observer).
 */
export function useIsVisible(ref: RefObject<Element | null>, threshold: number): boolean {
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          setVisible(
            entry.isIntersecting && (threshold === 0 || entry.intersectionRatio >= threshold),
          );
        }
      },
      { threshold: [0, threshold, 1] },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, threshold]);
  return visible;
}
