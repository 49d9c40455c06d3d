import { describe, expect, it } from 'vitest';
import {
  carouselReducer,
  countdownFraction,
  createCarouselState,
  isCountdownHeld,
  isTyping,
  nextChangeIn,
  secondsLeft,
  visibleText,
  type CarouselEvent,
  type CarouselState,
} from './carousel-machine';

const TEXTS = ['Ten chars!', 'Second fact', 'Third one here'];
const LENGTHS = TEXTS.map((t) => t.length);

function run(state: CarouselState, ...events: CarouselEvent[]): CarouselState {
  return events.reduce(carouselReducer, state);
}

const tick = (ms: number): CarouselEvent => ({ type: 'tick', ms });

/** Ticks in 16 ms frames, as requestAnimationFrame would. */
function frames(state: CarouselState, totalMs: number): CarouselState {
  let s = state;
  for (let t = 0; t < totalMs; t += 16) s = carouselReducer(s, tick(Math.min(16, totalMs - t)));
  return s;
}

describe('carousel state machine', () => {
  it('starts on the first slide, typing, with the countdown hidden', () => {
    const s = createCarouselState(LENGTHS);
    expect(s.index).toBe(0);
    expect(isTyping(s)).toBe(true);
    expect(secondsLeft(s)).toBeNull();
    expect(visibleText(s, 0, TEXTS[0]!)).toBe('');
  });

  it('types one character every 30 ms, carrying partial time between frames', () => {
    let s = createCarouselState(LENGTHS);
    s = run(s, tick(29));
    expect(s.typedChars).toBe(0);
    s = run(s, tick(1));
    expect(s.typedChars).toBe(1);
    s = frames(s, 90);
    expect(s.typedChars).toBe(4);
    expect(visibleText(s, 0, TEXTS[0]!)).toBe('Ten ');
    expect(secondsLeft(s)).toBeNull();
  });

  it('when typing ends, marks the slide typed and shows a 5 s countdown', () => {
    let s = frames(createCarouselState(LENGTHS), 10 * 30);
    expect(s.phase).toBe('countdown');
    expect(s.typed[0]).toBe(true);
    expect(visibleText(s, 0, TEXTS[0]!)).toBe(TEXTS[0]);
    expect(secondsLeft(s)).toBe(5);
    s = frames(s, 1200);
    expect(secondsLeft(s)).toBe(4);
    expect(countdownFraction(s)).toBeCloseTo(0.76, 2);
  });

  it('advances at zero and loops after the last slide', () => {
    let s = frames(createCarouselState(LENGTHS), 300);
    s = frames(s, 4999);
    expect(s.index).toBe(0);
    s = run(s, tick(1));
    expect(s.index).toBe(1);
    expect(s.phase).toBe('typing');
    // Typing ends on the frame that types the last character; one frame of slack.
    s = frames(s, LENGTHS[1]! * 30 + 5000 + 16);
    expect(s.index).toBe(2);
    s = frames(s, LENGTHS[2]! * 30 + 5000 + 16);
    expect(s.index).toBe(0);
    // Back on a slide already typed: its text is there at once and the countdown runs.
    expect(s.phase).toBe('countdown');
    expect(visibleText(s, 0, TEXTS[0]!)).toBe(TEXTS[0]);
  });

  it('next and previous pause the countdown for 1.5 s', () => {
    let s = frames(createCarouselState(LENGTHS), 300 + 1000);
    s = run(s, { type: 'next' }, { type: 'prev' });
    expect(s.index).toBe(0);
    expect(s.phase).toBe('countdown');
    expect(s.remainingMs).toBe(5000);
    s = frames(s, 1500);
    expect(s.remainingMs).toBe(5000);
    s = frames(s, 1000);
    expect(s.remainingMs).toBe(4000);
    // 1.5 s hold + 5 s countdown in all before it moves on.
    s = frames(s, 3999);
    expect(s.index).toBe(0);
    s = run(s, tick(1));
    expect(s.index).toBe(1);
  });

  it('previous from the first slide goes to the last; a new slide types from the start', () => {
    let s = run(createCarouselState(LENGTHS), { type: 'prev' });
    expect(s.index).toBe(2);
    expect(s.phase).toBe('typing');
    expect(s.typedChars).toBe(0);
    s = run(s, tick(60));
    expect(s.typedChars).toBe(2);
  });

  it('leaving a slide half typed types it again from the start on return', () => {
    let s = frames(createCarouselState(LENGTHS), 150);
    s = run(s, { type: 'next' }, { type: 'prev' });
    expect(s.typed[0]).toBe(false);
    expect(s.typedChars).toBe(0);
    expect(visibleText(s, 1, TEXTS[1]!)).toBe('');
  });

  it('a swipe to another slide counts as manual navigation; to the same one changes nothing', () => {
    const s = createCarouselState(LENGTHS);
    expect(run(s, { type: 'select', index: 0 })).toBe(s);
    const moved = run(s, { type: 'select', index: 2 });
    expect(moved.index).toBe(2);
    expect(moved.holdMs).toBe(1500);
  });

  it('pause stops typing and countdown until played again', () => {
    let s = frames(createCarouselState(LENGTHS), 60);
    s = run(s, { type: 'togglePause' });
    expect(isTyping(s)).toBe(false);
    s = frames(s, 10_000);
    expect(s.typedChars).toBe(2);
    s = run(s, { type: 'togglePause' });
    s = frames(s, 8 * 30 + 2000);
    expect(s.phase).toBe('countdown');
    expect(s.remainingMs).toBe(3000);
  });

  it('waits while off screen, from the start and whenever it leaves the window', () => {
    let s = createCarouselState(LENGTHS, { onScreen: false });
    expect(nextChangeIn(s)).toBeNull();
    s = frames(s, 10_000);
    expect(s.typedChars).toBe(0);
    s = run(s, { type: 'onScreen', value: true });
    expect(nextChangeIn(s)).toBe(30);
    s = run(s, tick(10 * 30), tick(2000));
    expect([s.phase, s.remainingMs]).toEqual(['countdown', 3000]);
    s = run(s, { type: 'onScreen', value: false });
    expect(isCountdownHeld(s)).toBe(true);
    s = frames(s, 20_000);
    expect([s.index, s.remainingMs]).toEqual([0, 3000]);
    s = run(s, { type: 'onScreen', value: true }, tick(3000));
    expect([s.index, s.phase, s.typedChars]).toEqual([1, 'typing', 0]);
  });

  it('focus inside holds the countdown but typing goes on', () => {
    let s = run(createCarouselState(LENGTHS), { type: 'focus', inside: true });
    s = frames(s, 300);
    expect(s.phase).toBe('countdown');
    s = frames(s, 20_000);
    expect(s.index).toBe(0);
    expect(s.remainingMs).toBe(5000);
    s = run(s, { type: 'focus', inside: false });
    s = frames(s, 5000);
    expect(s.index).toBe(1);
  });

  it('with reduced motion every text appears whole and only the countdown runs', () => {
    let s = createCarouselState(LENGTHS, { reducedMotion: true });
    expect(s.phase).toBe('countdown');
    expect(visibleText(s, 0, TEXTS[0]!)).toBe(TEXTS[0]);
    s = frames(s, 5000);
    expect(s.index).toBe(1);
    expect(visibleText(s, 1, TEXTS[1]!)).toBe(TEXTS[1]);
  });

  it('switching reduced motion on mid-typing completes the text', () => {
    let s = frames(createCarouselState(LENGTHS), 90);
    s = run(s, { type: 'reducedMotion', value: true });
    expect(s.phase).toBe('countdown');
    expect(s.typedChars).toBe(LENGTHS[0]);
  });

  it('a single fact never advances but keeps counting down', () => {
    let s = frames(createCarouselState([3]), 90);
    expect(s.phase).toBe('countdown');
    s = frames(s, 6000);
    expect(s.index).toBe(0);
    expect(s.phase).toBe('countdown');
  });

  it('tells the clock when the next visible change is due', () => {
    let s = createCarouselState(LENGTHS);
    expect(nextChangeIn(s)).toBe(30);
    s = run(s, tick(42));
    expect(nextChangeIn(s)).toBe(18);
    s = run(s, tick(300));
    expect(s.phase).toBe('countdown');
    expect(nextChangeIn(s)).toBe(1000);
    s = run(s, tick(250));
    expect(nextChangeIn(s)).toBe(750);
    expect(nextChangeIn(run(s, { type: 'next' }))).toBe(30);
    expect(nextChangeIn(run(s, { type: 'next' }, { type: 'prev' }))).toBe(1500);
    expect(nextChangeIn(run(s, { type: 'focus', inside: true }))).toBeNull();
    expect(nextChangeIn(run(s, { type: 'togglePause' }))).toBeNull();
  });
});
