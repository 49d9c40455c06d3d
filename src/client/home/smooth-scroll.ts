import { SCROLL_OFFSET_PX } from '#client/home/home-timings';
import { prefersReducedMotion } from '#client/lib/reduced-motion';

/**
 * Where the window must scroll so the target sits just below the sticky header
 * (docs/product.md, "Home page": 80 px offset).
 */
export function scrollTargetTop(
  targetViewportTop: number,
  currentScrollY: number,
  offset = SCROLL_OFFSET_PX,
): number {
  return Math.max(0, Math.round(targetViewportTop + currentScrollY - offset));
}

/** The id an in-page link points at ('#contact' -> 'contact'), or null for other links. */
export function inPageTarget(anchor: HTMLAnchorElement, location: Location): string | null {
  const href = anchor.getAttribute('href');
  if (!href?.startsWith('#') || href.length < 2) return null;
  if (anchor.target && anchor.target !== '_self') return null;
  if (anchor.pathname !== location.pathname) return null;
  return decodeURIComponent(href.slice(1));
}

export function scrollToId(id: string, win: Window = window): boolean {
  const target = win.document.getElementById(id);
  if (!target) return false;
  win.scrollTo({
    top: scrollTargetTop(target.getBoundingClientRect().top, win.scrollY),
    behavior: prefersReducedMotion() ? 'auto' : 'smooth',
  });
  // Keyboard and screen reader users continue from the section they jumped to.
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  // The address keeps no #hash: the router watches history changes and would jump to the
  // element at once, cutting the smooth scroll short.
  return true;
}

/**
 * Every click on an in-page link (href starting with '#') scrolls smoothly to its element
 * with the header offset. One listener on the document covers links rendered anywhere.
 * Returns the function that removes it.
 */
export function installSmoothScroll(win: Window = window): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element | null)?.closest?.('a');
    if (!anchor) return;
    const id = inPageTarget(anchor, win.location);
    if (id === null) return;
    if (scrollToId(id, win)) event.preventDefault();
  };
  win.document.addEventListener('click', onClick);
  return () => win.document.removeEventListener('click', onClick);
}
