import { SCROLL_IN_DURATION_S, SCROLL_IN_STAGGER_S } from '#client/home/home-timings';
import { prefersReducedMotion } from '#client/lib/reduced-motion';

/**
 * Sections and cards marked `data-reveal` (with an optional `data-reveal-index` for the
 * stagger) fade and rise into view once, when scrolled to (docs/product.md, "Home page": 0.6 s, 0.1 s per
 * card). Only elements still below the fold when the page starts are hidden first, so the
 * prerendered page paints fully without JavaScript and nothing visible ever blinks out.
 */
export function installReveal(root: ParentNode = document): () => void {
  if (prefersReducedMotion() || typeof IntersectionObserver === 'undefined') return () => {};
  const fold = window.innerHeight;
  const pending = [...root.querySelectorAll<HTMLElement>('[data-reveal]')].filter(
    (element) => element.getBoundingClientRect().top > fold,
  );
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const element = entry.target;
        observer.unobserve(element);
        element.classList.remove('reveal-pending');
        element.classList.add('reveal-in');
      }
    },
    { rootMargin: '0px 0px -10% 0px' },
  );
  for (const element of pending) {
    const index = Number(element.dataset.revealIndex ?? 0);
    element.style.setProperty('--reveal-duration', `${SCROLL_IN_DURATION_S}s`);
    element.style.setProperty(
      '--reveal-delay',
      `${Math.round(index * SCROLL_IN_STAGGER_S * 1000) / 1000}s`,
    );
    element.classList.add('reveal-pending');
    observer.observe(element);
  }
  return () => {
    observer.disconnect();
    for (const element of pending) element.classList.remove('reveal-pending');
  };
}
