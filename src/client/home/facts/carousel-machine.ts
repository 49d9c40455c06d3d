import {
  CAROUSEL_MANUAL_PAUSE_MS,
  CAROUSEL_SLIDE_MS,
  CAROUSEL_TYPING_SPEED_MS,
} from '#client/home/home-timings';

/**
 * The AI facts carousel as a pure state machine (docs/product.md, "Carousel"): each slide
 * first types its text, then a 5 s countdown runs and the carousel moves on (looping).
 * Time only moves through `tick` events, so tests drive it without real clocks.
 */
export interface CarouselState {
  /** Text length of each slide. */
  lengths: readonly number[];
  index: number;
  /** Slides whose text has been typed out completely; they show at once on return. */
  typed: readonly boolean[];
  phase: 'typing' | 'countdown';
  typedChars: number;
  /** Typing time not yet turned into a character. */
  carryMs: number;
  remainingMs: number;
  /** Left of the 1.5 s hold after previous/next, during which the countdown stands still. */
  holdMs: number;
  /** The visitor pressed pause (WCAG 2.2.2): no typing, no countdown. */
  userPaused: boolean;
  /** Keyboard focus is inside the carousel: the countdown waits. */
  focusInside: boolean;
  /**
   * Some of the carousel is inside the window. Off screen nothing runs, so a phone does no
   * typing work for a carousel nobody sees, and a visitor who scrolls to it sees it start.
   */
  onScreen: boolean;
  /** prefers-reduced-motion: texts appear whole. */
  reducedMotion: boolean;
  /** Counts countdown starts, so the ring restarts its animation for each one. */
  round: number;
}

export type CarouselEvent =
  | { type: 'tick'; ms: number }
  | { type: 'next' }
  | { type: 'prev' }
  /** The visitor dragged or swiped to a slide. */
  | { type: 'select'; index: number }
  | { type: 'togglePause' }
  | { type: 'focus'; inside: boolean }
  | { type: 'onScreen'; value: boolean }
  | { type: 'reducedMotion'; value: boolean };

export interface CarouselOptions {
  reducedMotion?: boolean;
  /** Until the page says where the carousel is, it waits (default: on screen). */
  onScreen?: boolean;
}

function enterSlide(state: CarouselState, index: number, manual: boolean): CarouselState {
  const length = state.lengths[index] ?? 0;
  const whole = state.reducedMotion || state.typed[index] === true || length === 0;
  return {
    ...state,
    index,
    phase: whole ? 'countdown' : 'typing',
    typedChars: whole ? length : 0,
    carryMs: 0,
    remainingMs: CAROUSEL_SLIDE_MS,
    holdMs: manual ? CAROUSEL_MANUAL_PAUSE_MS : 0,
    typed: whole && !state.typed[index] ? markTyped(state.typed, index) : state.typed,
    round: state.round + 1,
  };
}

function markTyped(typed: readonly boolean[], index: number): boolean[] {
  const next = [...typed];
  next[index] = true;
  return next;
}

export function createCarouselState(
  lengths: readonly number[],
  options: CarouselOptions = {},
): CarouselState {
  const base: CarouselState = {
    lengths,
    index: 0,
    typed: lengths.map(() => false),
    phase: 'typing',
    typedChars: 0,
    carryMs: 0,
    remainingMs: CAROUSEL_SLIDE_MS,
    holdMs: 0,
    userPaused: false,
    focusInside: false,
    onScreen: options.onScreen ?? true,
    reducedMotion: options.reducedMotion ?? false,
    round: 0,
  };
  return enterSlide(base, 0, false);
}

function wrap(index: number, count: number): number {
  return ((index % count) + count) % count;
}

function tick(state: CarouselState, ms: number): CarouselState {
  if (state.userPaused || !state.onScreen || ms <= 0 || state.lengths.length === 0) return state;
  const holdUsed = Math.min(state.holdMs, ms);
  const holdMs = state.holdMs - holdUsed;

  if (state.phase === 'typing') {
    const length = state.lengths[state.index] ?? 0;
    const elapsed = state.carryMs + ms;
    const chars = Math.floor(elapsed / CAROUSEL_TYPING_SPEED_MS);
    const typedChars = Math.min(length, state.typedChars + chars);
    if (typedChars >= length) {
      // Typing done: the slide counts as typed and its countdown starts from the full 5 s.
      return {
        ...state,
        holdMs,
        phase: 'countdown',
        typedChars: length,
        carryMs: 0,
        remainingMs: CAROUSEL_SLIDE_MS,
        typed: markTyped(state.typed, state.index),
        round: state.round + 1,
      };
    }
    return { ...state, holdMs, typedChars, carryMs: elapsed - chars * CAROUSEL_TYPING_SPEED_MS };
  }

  // Countdown: the manual-navigation hold is used up first; focus inside stops it entirely.
  const running = state.focusInside ? 0 : ms - holdUsed;
  if (running <= 0) return holdMs === state.holdMs ? state : { ...state, holdMs };
  const remainingMs = state.remainingMs - running;
  if (remainingMs > 0) return { ...state, holdMs, remainingMs };
  if (state.lengths.length < 2) {
    return { ...state, holdMs, remainingMs: CAROUSEL_SLIDE_MS, round: state.round + 1 };
  }
  return enterSlide(state, wrap(state.index + 1, state.lengths.length), false);
}

export function carouselReducer(state: CarouselState, event: CarouselEvent): CarouselState {
  const count = state.lengths.length;
  switch (event.type) {
    case 'tick':
      return tick(state, event.ms);
    case 'next':
      return count === 0 ? state : enterSlide(state, wrap(state.index + 1, count), true);
    case 'prev':
      return count === 0 ? state : enterSlide(state, wrap(state.index - 1, count), true);
    case 'select':
      if (count === 0 || event.index === state.index) return state;
      return enterSlide(state, wrap(event.index, count), true);
    case 'togglePause':
      return { ...state, userPaused: !state.userPaused };
    case 'focus':
      return state.focusInside === event.inside ? state : { ...state, focusInside: event.inside };
    case 'onScreen':
      return state.onScreen === event.value ? state : { ...state, onScreen: event.value };
    case 'reducedMotion': {
      if (state.reducedMotion === event.value) return state;
      const next = { ...state, reducedMotion: event.value };
      return event.value && state.phase === 'typing' ? enterSlide(next, state.index, false) : next;
    }
  }
}

/**
 * Milliseconds until something visible changes (the next typed character, the next whole
 * second of the countdown, the end of a hold); null when nothing will change by itself.
 * The clock sleeps until then instead of waking every frame.
 */
export function nextChangeIn(state: CarouselState): number | null {
  if (state.userPaused || !state.onScreen || state.lengths.length === 0) return null;
  if (state.phase === 'typing') return Math.max(1, CAROUSEL_TYPING_SPEED_MS - state.carryMs);
  if (state.holdMs > 0) return state.holdMs;
  if (state.focusInside) return null;
  return ((Math.ceil(state.remainingMs) - 1) % 1000) + 1;
}

/** What a slide shows: the whole text once typed, the typed part of the current one. */
export function visibleText(state: CarouselState, slide: number, text: string): string {
  if (slide === state.index) return text.slice(0, state.typedChars);
  return state.typed[slide] ? text : '';
}

export function isTyping(state: CarouselState): boolean {
  return state.phase === 'typing' && !state.userPaused;
}

/** Whole seconds left, for the countdown ring; null while typing (the ring is hidden). */
export function secondsLeft(state: CarouselState): number | null {
  return state.phase === 'countdown' ? Math.max(0, Math.ceil(state.remainingMs / 1000)) : null;
}

/** Share of the countdown still to run, 1 down to 0, for the ring's arc. */
export function countdownFraction(state: CarouselState): number {
  return Math.min(1, Math.max(0, state.remainingMs / CAROUSEL_SLIDE_MS));
}

/**
 * The countdown stands still: paused, focus inside, off screen, or the hold after manual
 * navigation.
 */
export function isCountdownHeld(state: CarouselState): boolean {
  return state.userPaused || state.focusInside || !state.onScreen || state.holdMs > 0;
}
