/**
 * The site's frame around a page the server writes from its own data (the entries' pages,
 * server/entries/): the build's template with its CSS and script, the header and footer of
 * the saved content, the head tags and the main text put in. The composition makes it from
 * the content pages (server/content/pages.ts) and hands it to the features through AppDeps;
 * an app without a build has none.
 */
export interface PageFrame {
  /**
   * Names everything besides the page's own text that shapes the page: the template, the
   * saved content, the site's address and zone. The same on every instance of one build, so
   * a page kept with its key is stale exactly when the key differs.
   */
  key: string;
  companyName: string;
  /** The canonical links' origin (site/site-settings.ts, `pagesOrigin`). */
  pagesOrigin: string;
  /** Where uploaded images are served from: the site's address. */
  mediaOrigin: string;
  /** The site's time zone: the days a page shows are its days. */
  timeZone: string;
  /** The uploaded logo's path, or null (the built-in mark). */
  logoPath: string | null;
  /** The whole page: `head` in place of the template's title, `main` inside the frame. */
  page(parts: { path: string; head: string; main: string }): string;
}

export interface PageFrames {
  /** The frame for the content in force now (read through the content's change counter). */
  current(): Promise<PageFrame>;
}
