import type { Page } from 'playwright-core';

/** What a toast's text looked like from the moment it was inserted until its animations ended. */
export interface ToastOpacity {
  /** The toast's title. */
  title: string;
  /**
   * The lowest opacity its title and description were drawn at (their own opacity times every
   * ancestor's), over all samples: 1 means fully opaque throughout.
   */
  lowest: number;
  /**
   * How often it was sampled: when it was inserted (before its first paint), then once a frame
   * until its animations had ended, then once more.
   */
  samples: number;
  /** The animations on it, on its contents or on an ancestor when it was inserted, by name. */
  animations: string[];
  /** Those of them whose keyframes take opacity below 1, whenever they would run. */
  fading: string[];
  /** Sampling is over: its animations ended, or it left the page. */
  done: boolean;
}

const STORAGE_KEY = 'e2e-toast-opacity';

/**
 * Records every toast that appears in the page from now on (call before `page.goto`), in
 * sessionStorage so the records survive navigations in the tab. Read them with
 * `toastOpacities(page)`.
 */
export async function watchToastOpacity(page: Page): Promise<void> {
  await page.addInitScript((key) => {
    if (window !== window.top) return;
    const read = (): ToastOpacity[] => JSON.parse(sessionStorage.getItem(key) ?? '[]');

    const opacity = (element: Element) => {
      let value = 1;
      for (let e: Element | null = element; e; e = e.parentElement) {
        value *= Number(getComputedStyle(e).opacity);
      }
      return value;
    };
    const textOpacity = (toast: Element) =>
      Math.min(...[...toast.querySelectorAll('[slot="title"], [slot="description"]')].map(opacity));
    const animationsOf = (toast: Element) =>
      document.getAnimations().filter((animation) => {
        const target = animation.effect instanceof KeyframeEffect && animation.effect.target;
        return target ? target.contains(toast) || toast.contains(target) : false;
      });
    const nameOf = (animation: Animation) =>
      animation instanceof CSSAnimation
        ? animation.animationName
        : animation instanceof CSSTransition
          ? `transition of ${animation.transitionProperty}`
          : animation.id || 'animation';
    const fades = (animation: Animation) =>
      animation.effect instanceof KeyframeEffect &&
      animation.effect
        .getKeyframes()
        .some((frame) => frame.opacity !== undefined && Number(frame.opacity) < 1);

    const watch = (toast: Element) => {
      // Before the first paint: the mutation observer runs before the browser renders.
      const animations = animationsOf(toast);
      const records = read();
      const index = records.length;
      records.push({
        title: toast.querySelector('[slot="title"]')?.textContent ?? '',
        lowest: textOpacity(toast),
        samples: 1,
        animations: animations.map(nameOf),
        fading: animations.filter(fades).map(nameOf),
        done: false,
      });
      sessionStorage.setItem(key, JSON.stringify(records));
      const sample = () => {
        const all = read();
        const record = all[index];
        if (!record) return;
        const running = animations.some(
          (a) => a.playState === 'running' || a.playState === 'paused',
        );
        if (toast.isConnected) {
          record.lowest = Math.min(record.lowest, textOpacity(toast));
          record.samples += 1;
        }
        record.done = !toast.isConnected || !running;
        sessionStorage.setItem(key, JSON.stringify(all));
        if (!record.done) requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    };

    const toastsIn = (node: Node) =>
      node instanceof Element
        ? [node, ...node.querySelectorAll('[role="alertdialog"]')].filter(
            (e) => e.matches('[role="alertdialog"]') && e.closest('[data-toast-region]') !== null,
          )
        : [];
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        for (const node of mutation.addedNodes) toastsIn(node).forEach(watch);
      }
    }).observe(document, { childList: true, subtree: true });
  }, STORAGE_KEY);
}

/** Every toast recorded in this tab so far, once each one's sampling is over. */
export async function toastOpacities(page: Page): Promise<ToastOpacity[]> {
  const handle = await page.waitForFunction(
    (key) => {
      const records: ToastOpacity[] = JSON.parse(sessionStorage.getItem(key) ?? '[]');
      return records.every((record) => record.done) && records;
    },
    STORAGE_KEY,
    { timeout: 10_000 },
  );
  const records = await handle.jsonValue();
  return records || [];
}
