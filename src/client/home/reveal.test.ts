import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installReveal } from './reveal';

type Callback = (entries: Partial<IntersectionObserverEntry>[]) => void;
let observed: { callback: Callback; targets: Element[] }[] = [];

class FakeIntersectionObserver {
  targets: Element[] = [];
  constructor(callback: Callback) {
    observed.push({ callback, targets: this.targets });
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  unobserve(target: Element) {
    this.targets.splice(this.targets.indexOf(target), 1);
  }
  disconnect() {
    this.targets.length = 0;
  }
}

function placeAt(element: Element, top: number) {
  vi.spyOn(element, 'getBoundingClientRect').mockReturnValue({ top } as DOMRect);
}

describe('installReveal', () => {
  const media = { matches: false, addEventListener() {}, removeEventListener() {} };

  beforeEach(() => {
    observed = [];
    media.matches = false;
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    vi.stubGlobal('matchMedia', () => media);
    vi.stubGlobal('innerHeight', 800);
    document.body.innerHTML = `
      <h2 id="above" data-reveal>Above the fold</h2>
      <div id="a" data-reveal data-reveal-index="0"></div>
      <div id="b" data-reveal data-reveal-index="1"></div>
      <div id="c" data-reveal data-reveal-index="2"></div>`;
    placeAt(document.getElementById('above')!, 100);
    for (const id of ['a', 'b', 'c']) placeAt(document.getElementById(id)!, 1200);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('hides only what is below the fold, with 0.6 s and a 0.1 s stagger per card', () => {
    installReveal();
    expect(document.getElementById('above')!.className).toBe('');
    const cards = ['a', 'b', 'c'].map((id) => document.getElementById(id)!);
    for (const [i, card] of cards.entries()) {
      expect(card.classList.contains('reveal-pending')).toBe(true);
      expect(card.style.getPropertyValue('--reveal-duration')).toBe('0.6s');
      expect(card.style.getPropertyValue('--reveal-delay')).toBe(`${i / 10}s`);
    }
  });

  it('animates each element in once, when it scrolls into view', () => {
    installReveal();
    const [{ callback, targets }] = observed as [(typeof observed)[0]];
    const b = document.getElementById('b')!;
    callback([{ target: b, isIntersecting: true }]);
    expect(b.classList.contains('reveal-pending')).toBe(false);
    expect(b.classList.contains('reveal-in')).toBe(true);
    expect(targets).not.toContain(b);
    expect(document.getElementById('a')!.classList.contains('reveal-pending')).toBe(true);
  });

  it('does nothing under reduced motion', () => {
    media.matches = true;
    installReveal();
    expect(document.querySelectorAll('.reveal-pending')).toHaveLength(0);
    expect(observed).toHaveLength(0);
  });
});
