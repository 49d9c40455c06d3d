import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installSmoothScroll, scrollTargetTop } from './smooth-scroll';

describe('scrollTargetTop', () => {
  it('leaves 80 px for the sticky header', () => {
    expect(scrollTargetTop(500, 0)).toBe(420);
    expect(scrollTargetTop(300, 1200)).toBe(1420);
  });

  it('never scrolls above the top', () => {
    expect(scrollTargetTop(30, 0)).toBe(0);
  });

  it('takes another offset', () => {
    expect(scrollTargetTop(500, 100, 0)).toBe(600);
  });
});

describe('installSmoothScroll', () => {
  let uninstall: () => void;
  // One list object for every query, as the app caches them; tests flip `matches`.
  const media = { matches: false, addEventListener() {}, removeEventListener() {} };
  const scrollTo = vi.fn();

  beforeEach(() => {
    document.body.innerHTML = `
      <nav><a id="to-contact" href="#contact">Contact</a><a id="external" href="/admin/login">Admin</a>
      <a id="missing" href="#nowhere">Nowhere</a></nav>
      <section id="contact">Contact section</section>`;
    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(250);
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
    const section = document.getElementById('contact')!;
    vi.spyOn(section, 'getBoundingClientRect').mockReturnValue({ top: 900 } as DOMRect);
    media.matches = false;
    vi.stubGlobal('matchMedia', () => media);
    uninstall = installSmoothScroll();
  });

  afterEach(() => {
    uninstall();
    scrollTo.mockReset();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('scrolls smoothly to the section minus the offset and focuses it', () => {
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    document.getElementById('to-contact')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(scrollTo).toHaveBeenCalledWith({ top: 1070, behavior: 'smooth' });
    expect(document.activeElement?.id).toBe('contact');
    expect(window.location.hash).toBe('');
  });

  it('jumps without animation when reduced motion is asked for', () => {
    media.matches = true;
    document.getElementById('to-contact')!.click();
    expect(scrollTo).toHaveBeenCalledWith({ top: 1070, behavior: 'auto' });
  });

  it('leaves other links and unknown targets to the browser', () => {
    const toAdmin = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById('external')!.addEventListener('click', (e) => e.preventDefault());
    document.getElementById('external')!.dispatchEvent(toAdmin);
    const toNowhere = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById('missing')!.dispatchEvent(toNowhere);
    expect(toNowhere.defaultPrevented).toBe(false);
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('ignores clicks with a modifier key (open in new tab)', () => {
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    document.getElementById('to-contact')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
