/**
 * The company name in the router app (the admin area, the login and invitation pages, the
 * not-found page). The server writes the saved name into app.html as JSON
 * (`SITE_BRAND_ELEMENT_ID` in shared/page-data.ts, written by server/content/pages.ts), so the first paint already shows it; in
 * development (Vite serves app.html as is) the built-in defaults stand in. A save on the
 * Content screen updates it at once (`setSiteBrand`), without a reload. The uploaded logo
 * travels with it (the page's public frame holds it; an upload or removal: `setSiteLogo`), so
 * the admin's header shows the logo the public header does (docs/admin-guide.md).
 */
import { useSyncExternalStore } from 'react';
import { company } from '#shared/company';
import { SITE_BRAND_ELEMENT_ID, type BrandNames } from '#shared/page-data';
import type { MediaImage } from '#shared/shapes/media';
import { pageLogo } from './site-frame';

/** The brand as `Logo` (ui/logo.tsx) takes it: the uploaded logo in place of the mark. */
export interface ShownBrand extends BrandNames {
  image?: MediaImage;
}

/** The logo's box, not its mail PNG: what the header shows. */
function imageOf(logo: MediaImage | undefined): Pick<ShownBrand, 'image'> {
  return logo ? { image: { src: logo.src, width: logo.width, height: logo.height } } : {};
}

function fromPage(): BrandNames | null {
  if (typeof document === 'undefined') return null;
  const text = document.getElementById(SITE_BRAND_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as Partial<BrandNames>;
    return typeof parsed.name === 'string' && typeof parsed.shortName === 'string'
      ? { name: parsed.name, shortName: parsed.shortName }
      : null;
  } catch {
    return null;
  }
}

let current: ShownBrand | null = null;
const listeners = new Set<() => void>();

/** The brand now: the page's, once read, or the last one saved on the Content screen. */
export function siteBrand(): ShownBrand {
  current ??= {
    ...(fromPage() ?? { name: company.name, shortName: company.shortName }),
    ...imageOf(pageLogo()),
  };
  return current;
}

function replace(next: ShownBrand): void {
  current = next;
  for (const listener of listeners) listener();
}

/** After a save of the content: every component showing the name follows. */
export function setSiteBrand(brand: BrandNames): void {
  const known = siteBrand();
  if (known.name === brand.name && known.shortName === brand.shortName) return;
  replace({ name: brand.name, shortName: brand.shortName, ...imageOf(known.image) });
}

/** After a logo is uploaded or removed (absent): every header showing the brand follows. */
export function setSiteLogo(logo: MediaImage | undefined): void {
  const known = siteBrand();
  if (known.image?.src === logo?.src) return;
  replace({ name: known.name, shortName: known.shortName, ...imageOf(logo) });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSiteBrand(): ShownBrand {
  return useSyncExternalStore(subscribe, siteBrand, siteBrand);
}
