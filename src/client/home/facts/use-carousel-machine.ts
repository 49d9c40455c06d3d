import { useEffect, useReducer } from 'react';
import { REDUCED_MOTION_QUERY, prefersReducedMotion } from '#client/lib/reduced-motion';
import { useMediaQuery } from '#client/lib/use-media-query';
import {
  carouselReducer,
  createCarouselState,
  nextChangeIn,
  type CarouselState,
} from './carousel-machine';

/**
 * A long sleep (background tab throttling timers) never skips more than this at once, nor
 * more than the timer asked for if that is longer (the 1.5 s hold after previous/next).
 */
const MAX_STEP_MS = 1000;

/**
 * The carousel machine driven by a timer that fires only when something visible changes
 * (about 33 times a second while typing, once a second while counting down). The reduced
 * motion setting is followed live.
 */
export function useCarouselMachine(lengths: readonly number[], onScreen: boolean) {
  const [state, dispatch] = useReducer(carouselReducer, lengths, (l) =>
    createCarouselState(l, { reducedMotion: prefersReducedMotion(), onScreen }),
  );

  useEffect(() => {
    dispatch({ type: 'onScreen', value: onScreen });
  }, [onScreen]);

  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  useEffect(() => {
    dispatch({ type: 'reducedMotion', value: reducedMotion });
  }, [reducedMotion]);

  // Sleeps until the next visible change, then reports the time that really passed.
  const wait = nextChangeIn(state);
  useEffect(() => {
    if (wait === null) return;
    const started = performance.now();
    const timer = setTimeout(() => {
      const limit = Math.max(MAX_STEP_MS, wait);
      dispatch({ type: 'tick', ms: Math.min(limit, performance.now() - started) });
    }, wait);
    return () => clearTimeout(timer);
  }, [state, wait]);

  return [state, dispatch] as const;
}

export type { CarouselState };
