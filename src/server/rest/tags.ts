import { Hono } from 'hono';
import type { TagCreateInput } from '../../shared/schemas';
import type { AppEnv } from '../hono-env';
import type { AppDeps } from '../trpc';
import { withBody } from './body';
import { runProcedure } from './handler';

/** GET and POST /api/tags (DESIGN.md section 4). */
export function tagsRest(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/tags', (c) =>
      runProcedure(
        c,
        deps,
        (caller) => caller.tags.list(),
        (tags) => ({ success: true, tags }),
      ),
    )
    .post('/tags', (c) =>
      runProcedure(
        c,
        deps,
        (caller) =>
          withBody(
            c,
            (body) => body,
            (input) => caller.tags.create(input as TagCreateInput),
          ),
        (tag) => ({ success: true, tag }),
        201,
      ),
    );
}
