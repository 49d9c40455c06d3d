import { useEffect, useReducer, useRef } from 'react';
import { REDUCED_MOTION_QUERY, prefersReducedMotion } from '../../lib/reduced-motion';
import { useMediaQuery } from '../../lib/use-media-query';
import { carouselReducer, createCarouselState, type CarouselState } from './carousel-machine';

/** A long frame (background tab, debugger) never skips more than this at once. */
const MAX_FRAME_MS = 250;

/**
 * The carousel machine driven by animation frames while it is not paused. The reduced
 * motion setting is followed live.
 */
export function useCarouselMachine(lengths: readonly number[]) {
  const [state, dispatch] = useReducer(carouselReducer, lengths, (l) =>
    createCarouselState(l, { reducedMotion: prefersReducedMotion() }),
  );

  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  useEffect(() => {
    dispatch({ type: 'reducedMotion', value: reducedMotion });
  }, [reducedMotion]);

  const running = !state.userPaused;
  const last = useRef<number | null>(null);
  useEffect(() => {
    if (!running) return;
    let frame = 0;
    last.current = null;
    const loop = (now: number) => {
      if (last.current !== null) {
        dispatch({ type: 'tick', ms: Math.min(MAX_FRAME_MS, now - last.current) });
      }
      last.current = now;
      frame = requestAnimationFrame(loop);
    };
    frame = requestAnimationFrame(loop);
    return () => cancelAnimationFrame(frame);
  }, [running]);

  return [state, dispatch] as const;
}

export type { CarouselState };
