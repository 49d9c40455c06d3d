import { useEffect, useState } from 'react';
import { HERO_ANIMATION_DELAY_MS, HERO_ANIMATION_DURATION_MS } from '#client/home/home-timings';
import { prefersReducedMotion } from '#client/lib/reduced-motion';

/**
 * The hero headline's one-time outline animation (docs/product.md, "Home page"): off, on 1 s after the
 * page is shown, off again 2 s later. Never on under reduced motion.
 */
export function useHeroOutline(): boolean {
  const [active, setActive] = useState(false);
  useEffect(() => {
    if (prefersReducedMotion()) return;
    const on = setTimeout(() => setActive(true), HERO_ANIMATION_DELAY_MS);
    const off = setTimeout(
      () => setActive(false),
      HERO_ANIMATION_DELAY_MS + HERO_ANIMATION_DURATION_MS,
    );
    return () => {
      clearTimeout(on);
      clearTimeout(off);
    };
  }, []);
  return active;
}
