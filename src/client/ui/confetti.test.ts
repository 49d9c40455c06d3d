import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { unmockAfterFile } from '#tests/support/fresh-modules';

const fire = Object.assign(
  vi.fn(() => Promise.resolve()),
  { reset: vi.fn() },
);
const create = vi.fn(() => fire);

// Workers keep loaded modules between files (docs/decisions/0039): start from an empty
// module cache, so that the mocks below reach every module, and leave one.
vi.hoisted(() => vi.resetModules());
unmockAfterFile('canvas-confetti');

vi.mock('canvas-confetti', () => ({ default: { create } }));

describe('fireConfetti', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.resetModules();
    // Back to bursts that settle at once (a test may hold them in the air).
    fire.mockReset();
    fire.reset.mockClear();
    create.mockClear();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('fires three bursts (50/70/100 particles at 0/250/400 ms) and clears the flag after 3 s', async () => {
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    const { fireConfetti, isConfettiActive } = await import('./confetti');
    fireConfetti();
    expect(isConfettiActive()).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(document.querySelector('canvas[data-confetti]')).not.toBeNull();
    expect(create).toHaveBeenCalledWith(expect.any(HTMLCanvasElement), {
      resize: true,
      useWorker: false,
    });
    const canvas = document.querySelector<HTMLCanvasElement>('canvas[data-confetti]')!;
    expect(canvas.style.zIndex).toBe('100');
    await vi.advanceTimersByTimeAsync(400);
    expect(fire.mock.calls.map((call) => (call as unknown[])[0])).toEqual([
      expect.objectContaining({ particleCount: 50, spread: 70, origin: { x: 0.5, y: 0.7 } }),
      expect.objectContaining({ particleCount: 70, spread: 90, origin: { x: 0.5, y: 0.7 } }),
      expect.objectContaining({ particleCount: 100, spread: 120, origin: { x: 0.5, y: 0.7 } }),
    ]);
    await vi.advanceTimersByTimeAsync(2599);
    expect(isConfettiActive()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(isConfettiActive()).toBe(false);
  });

  it('stops at once when asked: no later burst, the canvas gone, the flag off', async () => {
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    // The particles of a fired burst stay in the air until reset.
    fire.mockImplementation(() => new Promise<void>(() => {}));
    const { fireConfetti, isConfettiActive } = await import('./confetti');
    const stop = fireConfetti();
    await vi.advanceTimersByTimeAsync(100);
    expect(fire).toHaveBeenCalledTimes(1);
    expect(document.querySelector('canvas[data-confetti]')).not.toBeNull();

    stop();
    await vi.advanceTimersByTimeAsync(0);
    expect(isConfettiActive()).toBe(false);
    expect(fire.reset).toHaveBeenCalled();
    expect(document.querySelector('canvas[data-confetti]')).toBeNull();
    await vi.advanceTimersByTimeAsync(1000);
    expect(fire).toHaveBeenCalledTimes(1);
  });

  it('tells when nothing of it is on the page any more: settled, or stopped', async () => {
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    const inTheAir: (() => void)[] = [];
    fire.mockImplementation(() => new Promise<void>((resolve) => inTheAir.push(resolve)));
    const { fireConfetti } = await import('./confetti');
    const ended = vi.fn();
    fireConfetti(ended);
    await vi.advanceTimersByTimeAsync(400);
    expect(fire).toHaveBeenCalledTimes(3);
    // The bursts' particles still in the air: not over.
    expect(ended).not.toHaveBeenCalled();
    for (const settle of inTheAir) settle();
    await vi.advanceTimersByTimeAsync(0);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(document.querySelector('canvas[data-confetti]')).toBeNull();

    const stopped = vi.fn();
    fire.mockImplementation(() => new Promise<void>(() => {}));
    const stop = fireConfetti(stopped);
    await vi.advanceTimersByTimeAsync(100);
    expect(stopped).not.toHaveBeenCalled();
    stop();
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toHaveBeenCalledTimes(1);
  });

  it('does nothing when the visitor prefers reduced motion', async () => {
    vi.stubGlobal('matchMedia', () => ({ matches: true }));
    const { fireConfetti, isConfettiActive } = await import('./confetti');
    const ended = vi.fn();
    fireConfetti(ended);
    // Nothing flies: over at once.
    expect(ended).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(500);
    expect(isConfettiActive()).toBe(false);
    expect(create).not.toHaveBeenCalled();
    expect(document.querySelector('canvas')).toBeNull();
  });
});
