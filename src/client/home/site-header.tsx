import { useEffect, useState, type MouseEvent } from 'react';
import { HEADER_SHADOW_AFTER_PX, MOBILE_BREAKPOINT_PX } from '#client/home/home-timings';
import { prefersReducedMotion } from '#client/lib/reduced-motion';
import { CloseIcon, MenuIcon } from '#client/ui/icons';
import { Logo } from '#client/ui/logo';
import { buttonClass, focusRing, touchTarget } from '#shared/ui-styles';
import { ThemeToggle } from '#client/ui/theme-toggle';
import { sectionHref } from './section-links';
import { useSiteContent } from './site-content-context';

const NAV_LINKS = [
  { id: 'home', label: 'Home' },
  { id: 'services', label: 'Services' },
  { id: 'about', label: 'About' },
] as const;

function useScrolledPast(px: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > px);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [px]);
  return past;
}

/**
 * Sticky site header (docs/product.md, "Header and footer"): logo, section links, Contact Us, theme choice; a
 * shadow once the page has scrolled 10 px; below 768 px a menu button opens a stacked menu
 * that closes when a link is chosen.
 */
export function SiteHeader({ onHome }: { onHome: boolean }) {
  const scrolled = useScrolledPast(HEADER_SHADOW_AFTER_PX);
  const { company, media } = useSiteContent();
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    const wide = window.matchMedia(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`);
    const onWide = () => {
      if (wide.matches) setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    wide.addEventListener('change', onWide);
    return () => {
      document.removeEventListener('keydown', onKey);
      wide.removeEventListener('change', onWide);
    };
  }, [menuOpen]);

  const onLogoClick = (event: MouseEvent) => {
    if (!onHome) return;
    event.preventDefault();
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  };

  const linkClass = buttonClass('ghost', 'sm');

  return (
    <header
      data-scrolled={scrolled || undefined}
      className={`sticky top-0 z-40 border-b bg-surface/95 backdrop-blur transition-shadow duration-200 supports-[backdrop-filter]:bg-surface/80 ${
        scrolled ? 'border-line shadow-md' : 'border-transparent'
      }`}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:gap-4 sm:px-6">
        <a
          href="/"
          onClick={onLogoClick}
          // min-w-0: a long name shrinks (cut short, docs/content.md) instead of pushing the
          // menu button off a phone's screen.
          className={`min-w-0 rounded-lg ${touchTarget} ${focusRing}`}
          aria-label={`${company.name}, home`}
        >
          <Logo name={company.name} shortName={company.shortName} image={media?.logo} />
        </a>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {NAV_LINKS.map((link) => (
            <a key={link.id} href={sectionHref(link.id, onHome)} className={linkClass}>
              {link.label}
            </a>
          ))}
        </nav>
        <div className="flex shrink-0 items-center gap-2 sm:gap-3">
          <ThemeToggle />
          <span className="hidden md:block">
            <a href={sectionHref('contact', onHome)} className={buttonClass('primary', 'md')}>
              Contact Us
            </a>
          </span>
          <button
            type="button"
            className={buttonClass('ghost', 'icon', 'md:hidden')}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </div>
      <nav
        id="mobile-menu"
        aria-label="Mobile"
        hidden={!menuOpen}
        className="border-t border-line bg-surface px-4 pt-2 pb-4 md:hidden"
      >
        <ul className="flex flex-col gap-1">
          {[...NAV_LINKS, { id: 'contact', label: 'Contact Us' }].map((link) => (
            <li key={link.id}>
              <a
                href={sectionHref(link.id, onHome)}
                onClick={() => setMenuOpen(false)}
                className={`block rounded-md px-3 py-3 text-base font-medium text-ink hover:bg-subtle ${focusRing}`}
              >
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
