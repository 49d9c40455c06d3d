import { mediaQueryList } from './media-query-list';

export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** True when the visitor asked the system for less motion (checked at the moment of use). */
export function prefersReducedMotion(): boolean {
  return mediaQueryList(REDUCED_MOTION_QUERY)?.matches ?? false;
}
