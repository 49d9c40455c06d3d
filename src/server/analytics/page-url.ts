/**
 * What an event keeps of the addresses a page sends: the path without its query (which can
 * hold anything: e-mail addresses, tokens), the three UTM values apart, and the referring
 * page's host only.
 */

/** The page's address when it is absolute http(s); anything else is not a page's address. */
export function pageUrl(raw: string): URL | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
}

/**
 * The hosts (with port) the site's pages are served from: the address's, and the request's
 * while no address is given (record.ts, `siteHosts`).
 */
export interface SiteHosts {
  siteHost: string;
  requestHost: string | null;
}

/** Whether the page is on this site; events of pages elsewhere (a copied page) are dropped. */
export function onThisSite(url: URL, hosts: SiteHosts): boolean {
  const host = url.host.toLowerCase();
  return host === hosts.siteHost || host === hosts.requestHost;
}

/** Campaign labels are short; a longer one is cut rather than stored whole. */
const UTM_MAX = 200;

function utm(url: URL, name: string): string | null {
  const value = url.searchParams.get(name)?.trim().slice(0, UTM_MAX);
  return value ? value : null;
}

export interface PageFacts {
  path: string;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
}

export function pageFacts(url: URL): PageFacts {
  return {
    path: url.pathname,
    utmSource: utm(url, 'utm_source'),
    utmMedium: utm(url, 'utm_medium'),
    utmCampaign: utm(url, 'utm_campaign'),
  };
}

/**
 * The referring page's host name, lower case, without port or anything after it; null for
 * none, for something that is no http(s) address, and for the site's own pages (moving
 * from one page of the site to another is no source).
 */
export function referrerHost(raw: string | null | undefined, hosts: SiteHosts): string | null {
  if (!raw) return null;
  const url = pageUrl(raw);
  if (!url || !url.hostname) return null;
  if (onThisSite(url, hosts)) return null;
  return url.hostname.toLowerCase();
}
