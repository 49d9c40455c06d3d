import { Hono } from 'hono';
import type { FactCreateInput, FactPatch } from '../../shared/facts';
import type { AppEnv } from '../http/hono-env';
import type { AppDeps } from '../http/trpc';
import { bodyRelativeIssues, runProcedure, withBody } from '../http/rest';

type Direction = 'up' | 'down';

/**
 * The admin's /api/ai-facts paths (docs/api.md); GET /api/ai-facts itself is the visitors'
 * fast path (public-route.ts). Path ids go to the procedures as the raw
 * strings, so a bad id is refused by the procedure's input check, after its auth check.
 */
export function factsRest(deps: AppDeps) {
  return (
    new Hono<AppEnv>()
      .get('/ai-facts/all', (c) =>
        runProcedure(
          c,
          deps,
          (caller) => caller.facts.listAll(),
          (facts) => ({ success: true, facts }),
        ),
      )
      .get('/ai-facts/:id/with-tags', (c) =>
        runProcedure(
          c,
          deps,
          (caller) => caller.facts.byId({ id: c.req.param('id') }),
          (fact) => ({ success: true, fact }),
        ),
      )
      .post('/ai-facts', (c) =>
        runProcedure(
          c,
          deps,
          (caller) =>
            withBody(
              c,
              (body) => body,
              (input) => caller.facts.create(input as FactCreateInput),
            ),
          (fact) => ({ success: true, fact }),
          201,
        ),
      )
      .patch('/ai-facts/:id', (c) =>
        runProcedure(
          c,
          deps,
          (caller) =>
            withBody(
              c,
              (body) => ({ id: c.req.param('id'), data: body }),
              (input) =>
                caller.facts
                  .update(input as { id: string; data: FactPatch })
                  .catch(bodyRelativeIssues),
            ),
          (fact) => ({ success: true, fact }),
        ),
      )
      .delete('/ai-facts/:id', (c) =>
        runProcedure(
          c,
          deps,
          (caller) => caller.facts.remove({ id: c.req.param('id') }),
          () => ({ success: true }),
        ),
      )
      // The dashboard's reorder arrows as one atomic swap (docs/api.md).
      .post('/ai-facts/:id/move', (c) =>
        runProcedure(
          c,
          deps,
          (caller) =>
            withBody(
              c,
              (body) => ({ id: c.req.param('id'), direction: directionOf(body) }),
              (input) => caller.facts.move(input as { id: string; direction: Direction }),
            ),
          (facts) => ({ success: true, facts }),
        ),
      )
      // The body is empty by design; a body is still read so an empty one declared as JSON
      // is refused like everywhere else.
      .post('/ai-facts/:factId/tags/:tagId', (c) =>
        runProcedure(
          c,
          deps,
          (caller) =>
            withBody(
              c,
              () => ({ factId: c.req.param('factId'), tagId: c.req.param('tagId') }),
              (input) => caller.facts.addTag(input as { factId: string; tagId: string }),
            ),
          () => ({ success: true }),
        ),
      )
      .delete('/ai-facts/:id/tags/:tagId', (c) =>
        runProcedure(
          c,
          deps,
          (caller) =>
            caller.facts.removeTag({ factId: c.req.param('id'), tagId: c.req.param('tagId') }),
          () => ({ success: true }),
        ),
      )
  );
}

function directionOf(body: unknown): unknown {
  return typeof body === 'object' && body !== null && 'direction' in body
    ? body.direction
    : undefined;
}
