/**
 * The one cross-site check (docs/api.md, "Security rules clients meet", rule 3): the API's
 * guards (middleware.ts) and the plain HTML forms posted to pages (the proposal page's accept
 * and decline, the deposit's checkout form) ask it, so every post is held to one rule. A lint
 * rule refuses a second reading of `Sec-Fetch-Site` elsewhere (eslint.config.js, "one-place").
 */
import type { Context as HonoCtx } from 'hono';
import type { Db } from '#db';
import { siteSettings, type SiteSettingsConfig } from '#server/site/site-settings';
import type { AppEnv } from './hono-env';

/** The host the request was sent to, by its own Host header. */
function requestHost(c: HonoCtx<AppEnv>): string {
  return (c.req.header('host') ?? new URL(c.req.url).host).toLowerCase();
}

/**
 * Whether a request comes from another site: a browser's `Sec-Fetch-Site` of `cross-site` or
 * `same-site`, or an `Origin` that is `null`, unparseable or names another host. A request
 * with neither header (curl, another server) carries no browser's cookies and is not.
 */
export async function isCrossSite(
  c: HonoCtx<AppEnv>,
  site: { db: Db; config: SiteSettingsConfig },
): Promise<boolean> {
  const fetchSite = c.req.header('sec-fetch-site')?.toLowerCase();
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true;
  const origin = c.req.header('origin');
  if (origin === undefined) return false;
  let originHost: string;
  try {
    originHost = new URL(origin).host.toLowerCase();
  } catch {
    // "null" (sandboxed frames, some redirects, a form under `no-referrer`) or garbage: not
    // provably our own page.
    return true;
  }
  // Our pages are served from the site address's host, which a proxy that rewrites Host hides
  // from us, or from the request's own Host when nothing rewrites it. X-Forwarded-Host is never
  // read: a proxy that passes it on unchecked would let a request name whatever host its
  // Origin has. Hosts, not schemes, are compared: behind a TLS proxy the app sees plain http.
  // The address is read only when the request's own Host does not already match.
  if (originHost === requestHost(c)) return false;
  return originHost !== new URL((await siteSettings(site)).address).host;
}
