/**
 * The home page's timings and sizes from the spec (hero, scroll-in, facts carousel, header).
 * Only the home page's own code reads them: kept apart from shared/constants.ts, which the
 * contact form's and the admin's chunks share, so the first load fetches no extra chunk for
 * them (docs/performance.md, "First load").
 */
export const HERO_ANIMATION_DELAY_MS = 1000;
export const HERO_ANIMATION_DURATION_MS = 2000;
export const SCROLL_IN_DURATION_S = 0.6;
export const SCROLL_IN_STAGGER_S = 0.1;

export const CAROUSEL_SLIDE_MS = 5000;
/** Milliseconds between typed characters. */
export const CAROUSEL_TYPING_SPEED_MS = 30;
export const CAROUSEL_MANUAL_PAUSE_MS = 1500;
export const CAROUSEL_SOUND_MIN_VISIBILITY = 0.3;

export const SCROLL_OFFSET_PX = 80;
export const MOBILE_BREAKPOINT_PX = 768;
export const HEADER_SHADOW_AFTER_PX = 10;
