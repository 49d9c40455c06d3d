/**
 * The two measures of what a finger presses at 390 px (docs/product.md): "Buttons", every
 * visible button and link drawn as one at least 44 px tall and an icon button 44 px wide too
 * (`buttonTargets`, `tooSmall`); "Phones", every control at least 44 × 44 px with WCAG 2.5.8's
 * spacing exception (`smallTargets`). Both read one page as it is, so a test measures a screen
 * once for both.
 */
import type { Page } from 'playwright-core';

const MIN_TARGET_PX = 44;

export interface Target {
  where: string;
  name: string;
  width: number;
  height: number;
  icon: boolean;
}

/**
 * Every visible button of the page, and every link drawn as one: a link with a background, a
 * border, padding on both sides (8 px or more) or no visible text (an icon). Links inside
 * text (no padding, no fill) are text, not buttons. An icon button shows no text of its own
 * (a lone "×" counts as an icon; text hidden for screen readers only is not shown).
 */
export async function buttonTargets(page: Page, where: string): Promise<Target[]> {
  const found = await page.evaluate(() => {
    const selector =
      'button, [role="button"], input[type="submit"], input[type="button"], input[type="reset"], a[href]';
    const shownText = (el: Element): string => {
      let text = '';
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const hidden = node.parentElement?.closest('[aria-hidden="true"]');
        if (hidden && hidden !== el && el.contains(hidden)) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const box = range.getBoundingClientRect();
        if (box.width > 2 && box.height > 2) text += node.textContent ?? '';
      }
      return text.trim();
    };
    const filled = (colour: string) => !/^rgba\(.*,\s*0\)$|^transparent$/.test(colour);
    return [...document.querySelectorAll(selector)].flatMap((el) => {
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) return [];
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return [];
      // Clipped to nothing: shown to screen readers only (the skip link until focused).
      const clip = getComputedStyle(el);
      if (clip.clip === 'rect(0px, 0px, 0px, 0px)' || clip.clipPath === 'inset(50%)') return [];
      const text = shownText(el);
      const icon = [...text].length <= 1;
      if (el.tagName === 'A' && el.getAttribute('role') !== 'button') {
        const style = getComputedStyle(el);
        const bordered = ['Top', 'Right', 'Bottom', 'Left'].some(
          (side) => parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`)) > 0,
        );
        const padded = parseFloat(style.paddingLeft) >= 8 && parseFloat(style.paddingRight) >= 8;
        if (!(filled(style.backgroundColor) || bordered || padded || icon)) return [];
      }
      const name = (el.getAttribute('aria-label') ?? text).slice(0, 40);
      return [{ name, width: box.width, height: box.height, icon }];
    });
  });
  return found.map((target) => ({ where, ...target }));
}

/**
 * The ones smaller than a finger: under 44 px tall, or for an icon under 44 px wide. Each
 * name and size once, with the first screen it was seen on.
 */
export function tooSmall(list: Target[]): string[] {
  const found = new Map<string, string>();
  for (const t of list) {
    if (round(t.height) >= MIN_TARGET_PX && !(t.icon && round(t.width) < MIN_TARGET_PX)) continue;
    const what = `"${t.name}" ${round(t.width)}×${round(t.height)}`;
    // One line for a whole list of alike buttons ("Delete message from Visitor 1", "... 2").
    const key = what.replace(/\d+/g, '#');
    if (!found.has(key)) found.set(key, `${t.where}: ${what}`);
  }
  return [...found.values()];
}

const round = (px: number) => Math.round(px * 100) / 100;

/**
 * Every visible control that is too small for a finger: under 44 px high, or under 44 px wide
 * with another control within the 44 px square centred on it (WCAG 2.5.8's spacing exception).
 * A link inside running text (its block holds other text) is exempt, as is anything visually
 * hidden (1 px, clipped: a checkbox's input whose label is the target, the skip link).
 */
export function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((MIN) => {
    const controls: HTMLElement[] = [
      ...document.querySelectorAll<HTMLElement>(
        'a, button, input, select, textarea, [role=button]',
      ),
    ]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        if (box.width <= 1 || box.height <= 1) return false;
        // Visually hidden (sr-only): the skip link until it has focus.
        if (style.clipPath !== 'none' || style.clip.startsWith('rect')) return false;
        if (style.visibility === 'hidden' || el.closest('[aria-hidden="true"], [inert]'))
          return false;
        if (box.right <= 0 || box.left >= window.innerWidth) return false;
        if (style.display === 'inline') {
          // Inside running text: its nearest block holds more text than the link.
          let block = el.parentElement;
          while (block && getComputedStyle(block).display === 'inline') block = block.parentElement;
          const text = (node: Element | null) =>
            node?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
          if (text(block).length > text(el).length + 2) return false;
        }
        return true;
      })
      // A checkbox's target is its whole label line.
      .map((el) => (el instanceof HTMLInputElement && el.closest('label')) || el);
    const boxes = controls.map((el) => el.getBoundingClientRect());
    const name = (el: HTMLElement) =>
      `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? el.getAttribute('name') ?? '').trim().slice(0, 40)}"`;
    const offenders: string[] = [];
    controls.forEach((el, i) => {
      const box = boxes[i]!;
      const size = `${Math.round(box.width)}×${Math.round(box.height)}`;
      if (box.height < MIN - 0.5) {
        offenders.push(`${name(el)} ${size}`);
        return;
      }
      if (box.width >= MIN - 0.5) return;
      const cx = box.left + box.width / 2;
      const cy = box.top + box.height / 2;
      const crowded = boxes.some(
        (other, j) =>
          j !== i &&
          !controls[j]!.contains(el) &&
          !el.contains(controls[j]!) &&
          other.left < cx + MIN / 2 &&
          other.right > cx - MIN / 2 &&
          other.top < cy + MIN / 2 &&
          other.bottom > cy - MIN / 2,
      );
      if (crowded) offenders.push(`${name(el)} ${size} (crowded)`);
    });
    return offenders;
  }, MIN_TARGET_PX);
}
