import { Hono } from 'hono';
import type { NewsletterInput } from '../../shared/newsletter';
import type { NewsletterPatch } from '../../shared/newsletter-admin';
import type { AppEnv } from '../http/hono-env';
import { bodyRelativeIssues, runProcedure, withBody } from '../http/rest';
import type { AppDeps } from '../http/trpc';

/**
 * The admin's /api/newsletters paths (docs/api.md), each calling its `newsletters.*`
 * procedure. Path ids go to the procedures as the raw strings, so a bad id is refused by the
 * procedure's input check, after its auth check. The bodiless POSTs (send, retry) still read
 * a body, so an empty one declared as JSON is refused like everywhere else.
 */
export function newslettersRest(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/newsletters', (c) =>
      runProcedure(
        c,
        deps,
        (caller) => caller.newsletters.list(),
        (newsletters) => ({ success: true, newsletters }),
      ),
    )
    .post('/newsletters', (c) =>
      runProcedure(
        c,
        deps,
        (caller) =>
          withBody(
            c,
            (body) => body,
            (input) => caller.newsletters.create(input as NewsletterInput),
          ),
        (newsletter) => ({ success: true, newsletter }),
        201,
      ),
    )
    .get('/newsletters/:id', (c) =>
      runProcedure(
        c,
        deps,
        (caller) => caller.newsletters.byId({ id: c.req.param('id') }),
        (newsletter) => ({ success: true, newsletter }),
      ),
    )
    .patch('/newsletters/:id', (c) =>
      runProcedure(
        c,
        deps,
        (caller) =>
          withBody(
            c,
            (body) => ({ id: c.req.param('id'), data: body }),
            (input) =>
              caller.newsletters
                .update(input as { id: string; data: NewsletterPatch })
                .catch(bodyRelativeIssues),
          ),
        (newsletter) => ({ success: true, newsletter }),
      ),
    )
    .delete('/newsletters/:id', (c) =>
      runProcedure(
        c,
        deps,
        (caller) => caller.newsletters.remove({ id: c.req.param('id') }),
        () => ({ success: true }),
      ),
    )
    .post('/newsletters/:id/test', (c) =>
      runProcedure(
        c,
        deps,
        (caller) =>
          withBody(
            c,
            (body) => ({ id: c.req.param('id'), email: emailOf(body) }),
            (input) => caller.newsletters.sendTest(input as { id: string; email?: string }),
          ),
        () => ({ success: true }),
      ),
    )
    .post('/newsletters/:id/send', (c) =>
      runProcedure(
        c,
        deps,
        (caller) =>
          withBody(
            c,
            () => ({ id: c.req.param('id') }),
            (input) => caller.newsletters.send(input as { id: string }),
          ),
        (newsletter) => ({ success: true, newsletter }),
        202,
      ),
    )
    .post('/newsletters/:id/retry', (c) =>
      runProcedure(
        c,
        deps,
        (caller) =>
          withBody(
            c,
            () => ({ id: c.req.param('id') }),
            (input) => caller.newsletters.retry(input as { id: string }),
          ),
        (newsletter) => ({ success: true, newsletter }),
        202,
      ),
    );
}

/** The test copy's address from the body; no body (or none in it): the admin's own. */
function emailOf(body: unknown): unknown {
  return typeof body === 'object' && body !== null && 'email' in body ? body.email : undefined;
}
