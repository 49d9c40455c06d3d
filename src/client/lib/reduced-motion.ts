const QUERY = '(prefers-reduced-motion: reduce)';

/** True when the visitor asked the system for less motion (checked at the moment of use). */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(QUERY).matches
    : false;
}

export const REDUCED_MOTION_QUERY = QUERY;
