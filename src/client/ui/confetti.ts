import {
  CONFETTI_ACTIVE_MS,
  CONFETTI_BURSTS,
  CONFETTI_ORIGIN,
  CONFETTI_Z_INDEX,
} from '#shared/constants';
import { prefersReducedMotion } from '#client/lib/reduced-motion';

let active = false;
let resetTimer: ReturnType<typeof setTimeout> | undefined;
/** Counts celebrations: stopping one that a later one replaced leaves the later's flag alone. */
let celebrations = 0;

function setActive(value: boolean) {
  active = value;
}

/** True from a burst until 3 s later (docs/product.md, "Confetti"). */
export function isConfettiActive(): boolean {
  return active;
}

/**
 * The canvas is ours (not the library's shared one), created per celebration and removed when
 * the particles have settled, or at once when the celebration is stopped (`halted`). The
 * library's web worker is off: the CSP allows no blob: workers.
 */
async function runBursts(halted: Promise<void>, isHalted: () => boolean): Promise<void> {
  const { default: confetti } = await import('canvas-confetti');
  if (isHalted()) return;
  const canvas = document.createElement('canvas');
  canvas.setAttribute('aria-hidden', 'true');
  canvas.dataset.confetti = '';
  Object.assign(canvas.style, {
    position: 'fixed',
    inset: '0',
    width: '100%',
    height: '100%',
    pointerEvents: 'none',
    zIndex: String(CONFETTI_Z_INDEX),
  });
  document.body.appendChild(canvas);
  const fire = confetti.create(canvas, { resize: true, useWorker: false });
  const timers: ReturnType<typeof setTimeout>[] = [];
  const bursts = CONFETTI_BURSTS.map(
    (burst) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          const done = fire({
            particleCount: burst.particleCount,
            spread: burst.spread,
            origin: { ...CONFETTI_ORIGIN },
            zIndex: CONFETTI_Z_INDEX,
            disableForReducedMotion: true,
          });
          void (done ?? Promise.resolve()).then(() => resolve());
        }, burst.delayMs);
        timers.push(timer);
      }),
  );
  await Promise.race([Promise.all(bursts), halted]);
  timers.forEach(clearTimeout);
  fire.reset();
  canvas.remove();
}

/**
 * Three bursts from x 0.5, y 0.7 (docs/product.md, "Confetti"). The library is fetched on first use, so
 * it is not part of the page's first download. Nothing happens under reduced motion.
 * Returns what stops this celebration at once (bursts not yet fired, particles in the air):
 * the contact form's "Pick a time" calls it, so no confetti falls over the booking picker.
 * `onEnd` is called once nothing of it is on the page any more (the particles settled or
 * stopped, the canvas removed; at once when nothing flies): the contact form's card is drawn
 * above the confetti until then.
 */
export function fireConfetti(onEnd: () => void = () => {}): () => void {
  if (prefersReducedMotion()) {
    onEnd();
    return () => {};
  }
  setActive(true);
  clearTimeout(resetTimer);
  resetTimer = setTimeout(() => setActive(false), CONFETTI_ACTIVE_MS);
  const celebration = ++celebrations;
  let halt = () => {};
  let stopped = false;
  const halted = new Promise<void>((resolve) => (halt = resolve));
  runBursts(halted, () => stopped)
    .catch(() => {
      // A failed chunk download only costs the decoration.
    })
    .then(onEnd);
  return () => {
    if (stopped) return;
    stopped = true;
    halt();
    if (celebration !== celebrations) return;
    clearTimeout(resetTimer);
    setActive(false);
  };
}
