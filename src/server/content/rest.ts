import { Hono } from 'hono';
import type { AppEnv } from '../http/hono-env';
import { runProcedure, withBody } from '../http/rest';
import type { AppDeps } from '../http/trpc';

/**
 * The admin's /api/content paths (docs/api.md), each calling its `content.*` procedure; the
 * version in a path goes to the procedure as the raw string, so a bad one is refused by the
 * procedure's input check, after its auth check.
 */
export function contentRest(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/content', (c) =>
      runProcedure(
        c,
        deps,
        (caller) => caller.content.get(),
        (current) => ({ success: true, ...current }),
      ),
    )
    .put('/content', (c) =>
      runProcedure(
        c,
        deps,
        (caller) =>
          withBody(
            c,
            (body) => body,
            (input) => caller.content.save(input as Parameters<typeof caller.content.save>[0]),
          ),
        ({ version }) => ({ success: true, version }),
      ),
    )
    .post('/content/defaults', (c) =>
      runProcedure(
        c,
        deps,
        (caller) =>
          withBody(
            c,
            (body) => body,
            (input) =>
              caller.content.restoreDefaults(
                input as Parameters<typeof caller.content.restoreDefaults>[0],
              ),
          ),
        ({ version }) => ({ success: true, version }),
      ),
    )
    .get('/content/versions', (c) =>
      runProcedure(
        c,
        deps,
        (caller) => caller.content.versions({ page: c.req.query('page') }),
        (page) => ({ success: true, ...page }),
      ),
    )
    .post('/content/versions/:version/restore', (c) =>
      runProcedure(
        c,
        deps,
        (caller) =>
          withBody(
            c,
            () => ({ version: c.req.param('version') }),
            (input) => caller.content.restore(input as { version: string }),
          ),
        ({ version }) => ({ success: true, version }),
      ),
    );
}
