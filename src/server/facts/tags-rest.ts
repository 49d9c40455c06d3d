import { Hono } from 'hono';
import type { TagCreateInput } from '../../shared/facts';
import type { AppEnv } from '../http/hono-env';
import { runProcedure, withBody } from '../http/rest';
import type { AppDeps } from '../http/trpc';

/** GET and POST /api/tags (docs/api.md). */
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
