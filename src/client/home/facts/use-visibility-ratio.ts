import { useEffect, useState, type RefObject } from 'react';

/** Whether at least `threshold` of the element is inside the viewport. */
export function useIsVisible(ref: RefObject<Element | null>, threshold: number): boolean {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          setVisible(entry.isIntersecting && entry.intersectionRatio >= threshold);
        }
      },
      { threshold: [0, threshold, 1] },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, threshold]);
  return visible;
}
