/**
 * GET /search?q= (docs/content.md, "Search"; docs/api.md, "Entry pages"): the search as a
 * page in the site's frame, readable without JavaScript. It asks the `search.entries`
 * procedure in process, so the page and GET /api/search share one throttle (30 a minute per
 * address, counted together), one input rule and one query: a refused or throttled search
 * is the same page with the reason, with status 400 or 429.
 */
import { Hono, type Context as HonoCtx } from 'hono';
import type { AppEnv } from '#server/http/hono-env';
import { pageRefusal } from '#server/http/page-refusal';
import { requestContext } from '#server/http/rest';
import { createCallerFactory, type AppDeps } from '#server/http/trpc';
import { searchRouter } from './router';
import {
  SEARCH_PATH,
  searchHeadTags,
  searchMainHtml,
  type SearchView,
  type WaysOn,
} from './search-page-html';
import { publishedKinds, searchEntries } from './search-query';
import { suggestedQuery } from './suggest';

const searchCaller = createCallerFactory(searchRouter);

type Status = 200 | 400 | 429 | 500 | 503;

/** The visitor's words as the page repeats them: a refused address of any length stays short. */
const SHOWN_MAX = 200;

/** The view of `q` and its status; the procedure's refusal in its own words. */
/** Whether the site assistant is on now (assistant/settings.ts, passed in by the composition). */
export type AssistantOn = (nowMs: number) => Promise<boolean>;

/**
 * Where a search that found nothing can lead: a likely word that finds something, the lists
 * that exist, and the assistant while it is on (the contact form always).
 */
async function waysOn(deps: AppDeps, asked: string, assistantOn: AssistantOn): Promise<WaysOn> {
  const suggested = await suggestedQuery(deps.db, asked);
  const finds = suggested !== null && (await searchEntries(deps.db, suggested)).length > 0;
  return {
    suggestion: finds ? suggested : null,
    lists: await publishedKinds(deps.db),
    assistant: await assistantOn(deps.clock.now().getTime()),
  };
}

async function viewOf(
  c: HonoCtx<AppEnv>,
  deps: AppDeps,
  asked: string,
  assistantOn: AssistantOn,
): Promise<{ view: SearchView; status: Status }> {
  const q = asked.slice(0, SHOWN_MAX);
  try {
    const results = await searchCaller(requestContext(c, deps)).entries({ q: asked });
    const ways = results.length === 0 ? await waysOn(deps, asked, assistantOn) : undefined;
    return { view: { state: 'results', q, results, ...(ways && { ways }) }, status: 200 };
  } catch (error) {
    const { status, message, issues } = pageRefusal(c, deps.logger, error, [400, 429, 503]);
    const shown =
      status === 400
        ? (issues?.[0]?.message ?? message)
        : status === 500
          ? 'The search failed. Please try again.'
          : message;
    return { view: { state: 'refused', q, message: shown }, status };
  }
}

export function searchPage(deps: AppDeps, assistantOn: AssistantOn): Hono<AppEnv> {
  return new Hono<AppEnv>().get(SEARCH_PATH, async (c, next) => {
    // No build, no frame: the page does not exist (GET /api/search still answers).
    if (!deps.pageFrames) return next();
    const q = c.req.query('q');
    const { view, status } =
      q === undefined
        ? { view: { state: 'form' } as const, status: 200 as const }
        : await viewOf(c, deps, q, assistantOn);
    const frame = await deps.pageFrames.current();
    const html = frame.page({
      path: SEARCH_PATH,
      head: searchHeadTags(frame.companyName, q ?? null),
      main: searchMainHtml(view),
    });
    // Each answer follows the visitor's words and takes a place in their throttle: never kept.
    c.header('Cache-Control', 'no-store');
    c.header('X-Robots-Tag', 'noindex');
    return c.html(html, status);
  });
}
