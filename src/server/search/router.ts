/**
 * `search.entries`: GET /api/search?q=, the visitors' search over the published entries
 * (docs/api.md; docs/content.md, "Search"). Public, 30 a minute per address.
 */
import { searchInput } from '#shared/site-search';
import { middleware, publicProcedure, router } from '#server/http/trpc';
import { takeInBatch } from '#server/platform/throttle';
import { addressBucket } from '#server/platform/throttle-buckets';
import { outputs } from '#shared/shapes/search';
import { searchEntries } from './search-query';
import { SEARCH_REQUESTS } from './throttle-rules';

/**
 * Takes the address's place before the input is read (one statement batch: the check and the
 * event together, so requests arriving at once never get more than 30), hence 429 before 400.
 */
const searchThrottle = middleware(async ({ ctx, next }) => {
  const bucket = addressBucket(SEARCH_REQUESTS.kind, ctx.config.sessionSecret, ctx.req.ip);
  await takeInBatch(ctx.db, { bucket, rule: SEARCH_REQUESTS }, ctx.clock.now());
  return next();
});

export const searchRouter = router({
  /** At most 20 results, best first; `q` 2-100 characters after trimming. */
  entries: publicProcedure
    .meta({
      rest: { method: 'GET', path: '/api/search', query: ['q'], answer: { key: 'results' } },
    })
    .use(searchThrottle)
    .input(searchInput)
    .output(outputs.entries)
    .query(({ ctx, input }) => searchEntries(ctx.db, input.q)),
});
