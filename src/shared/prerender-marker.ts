/** Set on #root by scripts/prerender.ts: the path whose HTML #root holds. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/**
 * The mark on #root of the page-not-found page the server renders (server/content/pages.ts):
 * the browser hydrates it as that page (client/home-main.tsx), whatever address it answers.
 */
export const NOT_FOUND_PAGE = '404';
