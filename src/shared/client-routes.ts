import type { FileRoutesByFullPath } from '../routeTree.gen';

/**
 * The client router's paths as patterns, so the server can answer a path no route matches
 * with status 404 (still the app's page, which shows the not-found screen) instead of a
 * "soft 404" that search engines would index. `satisfies` makes the type check fail when a
 * route is added or removed without updating this list.
 */
export const CLIENT_ROUTE_PATTERNS = {
  '/admin': /^\/admin$/,
  '/admin/': /^\/admin\/$/,
  '/admin/login': /^\/admin\/login\/?$/,
  '/admin/invite': /^\/admin\/invite\/?$/,
  '/admin/forgot-password': /^\/admin\/forgot-password\/?$/,
  '/admin/reset-password': /^\/admin\/reset-password\/?$/,
  '/admin/dashboard': /^\/admin\/dashboard\/?$/,
  '/admin/overview': /^\/admin\/overview\/?$/,
  '/admin/ai-fact-edit/$id': /^\/admin\/ai-fact-edit\/[^/]+\/?$/,
  '/admin/messages': /^\/admin\/messages\/?$/,
  '/admin/messages/$id': /^\/admin\/messages\/[^/]+\/?$/,
  '/admin/leads': /^\/admin\/leads\/?$/,
  '/admin/leads/$id': /^\/admin\/leads\/[^/]+\/?$/,
  '/admin/proposals': /^\/admin\/proposals\/?$/,
  '/admin/proposals/$id': /^\/admin\/proposals\/[^/]+\/?$/,
  '/admin/invoices': /^\/admin\/invoices\/?$/,
  '/admin/invoices/$id': /^\/admin\/invoices\/[^/]+\/?$/,
  '/admin/bookings': /^\/admin\/bookings\/?$/,
  '/admin/bookings/settings': /^\/admin\/bookings\/settings\/?$/,
  '/admin/invoices/settings': /^\/admin\/invoices\/settings\/?$/,
  '/admin/subscribers': /^\/admin\/subscribers\/?$/,
  '/admin/suppressions': /^\/admin\/suppressions\/?$/,
  '/admin/newsletters': /^\/admin\/newsletters\/?$/,
  '/admin/newsletters/$id': /^\/admin\/newsletters\/[^/]+\/?$/,
  '/admin/users': /^\/admin\/users\/?$/,
  '/admin/audit': /^\/admin\/audit\/?$/,
  '/admin/mail': /^\/admin\/mail\/?$/,
  '/admin/account': /^\/admin\/account\/?$/,
  '/admin/connect': /^\/admin\/connect\/?$/,
  '/admin/content': /^\/admin\/content\/?$/,
  '/admin/content/case-studies': /^\/admin\/content\/case-studies\/?$/,
  '/admin/content/case-studies/$id': /^\/admin\/content\/case-studies\/[^/]+\/?$/,
  '/admin/content/insights': /^\/admin\/content\/insights\/?$/,
  '/admin/content/insights/$id': /^\/admin\/content\/insights\/[^/]+\/?$/,
  '/admin/testimonials': /^\/admin\/testimonials\/?$/,
  '/admin/testimonials/new': /^\/admin\/testimonials\/new\/?$/,
  '/admin/testimonials/$id': /^\/admin\/testimonials\/[^/]+\/?$/,
  '/admin/client-logos': /^\/admin\/client-logos\/?$/,
  '/admin/client-logos/new': /^\/admin\/client-logos\/new\/?$/,
  '/admin/client-logos/$id': /^\/admin\/client-logos\/[^/]+\/?$/,
} satisfies Record<keyof FileRoutesByFullPath, RegExp>;

/** The home page is its own entry (index.html), not a route of the router app. */
export function isClientRoute(pathname: string): boolean {
  if (pathname === '/') return true;
  return Object.values(CLIENT_ROUTE_PATTERNS).some((pattern) => pattern.test(pathname));
}
