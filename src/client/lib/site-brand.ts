/**
 * The company name in the router app (the admin area, the login and invitation pages, the
 * not-found page). The server writes the saved name into app.html as JSON
 * (`SITE_BRAND_ELEMENT_ID` in shared/page-data.ts, written by server/content/pages.ts), so the first paint already shows it; in
 * development (Vite serves app.html as is) the built-in defaults stand in. A save on the
 * Content screen updates it at once (`setSiteBrand`), without a reload.
 */
import { useSyncExternalStore } from 'react';
import { company } from '#shared/company';
import { SITE_BRAND_ELEMENT_ID, type SiteBrand } from '#shared/page-data';

export type { SiteBrand };

function fromPage(): SiteBrand | null {
  if (typeof document === 'undefined') return null;
  const text = document.getElementById(SITE_BRAND_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as Partial<SiteBrand>;
    return typeof parsed.name === 'string' && typeof parsed.shortName === 'string'
      ? { name: parsed.name, shortName: parsed.shortName }
      : null;
  } catch {
    return null;
  }
}

let current: SiteBrand | null = null;
const listeners = new Set<() => void>();

/** The brand now: the page's, once read, or the last one saved on the Content screen. */
export function siteBrand(): SiteBrand {
  current ??= fromPage() ?? { name: company.name, shortName: company.shortName };
  return current;
}

/** After a save of the content: every component showing the name follows. */
export function setSiteBrand(brand: SiteBrand): void {
  const known = siteBrand();
  if (known.name === brand.name && known.shortName === brand.shortName) return;
  current = { name: brand.name, shortName: brand.shortName };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSiteBrand(): SiteBrand {
  return useSyncExternalStore(subscribe, siteBrand, siteBrand);
}
