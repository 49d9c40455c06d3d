import { Hono } from 'hono';
import type { TagCreateInput } from '../../shared/schemas';
import type { AppEnv } from '../http/hono-env';
import type { AppDeps } from '../http/trpc';
import { withBody } from '../http/rest-body';
import { runProcedure } from '../http/rest';

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
