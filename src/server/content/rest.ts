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
            (body) => restoreInput(c.req.param('version'), body),
            (input) =>
              caller.content.restore(input as Parameters<typeof caller.content.restore>[0]),
          ),
        ({ version }) => ({ success: true, version }),
      ),
    );
}

/**
 * The path's version with the body's `baseVersion`: no body (or one without it) restores over
 * the newest, as before the base existed. A body that is not an object goes to the input
 * check as it is, to be refused there (400); the path names the version, never the body.
 */
function restoreInput(version: string, body: unknown): unknown {
  if (body === undefined) return { version };
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  return { ...body, version };
}
