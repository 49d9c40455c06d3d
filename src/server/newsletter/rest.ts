import { Hono, type Context as HonoCtx } from 'hono';
import type { SubscribeInput } from '../../shared/newsletter';
import { RestError } from '../http/errors';
import type { AppEnv } from '../http/hono-env';
import { runProcedure, withBody } from '../http/rest';
import type { AppDeps } from '../http/trpc';

/** The one /api path that takes a form body (http/middleware.ts lets it through). */
export const ONE_CLICK_PATH = '/api/newsletter/unsubscribe';
export const ONE_CLICK_MEDIA_TYPE = 'application/x-www-form-urlencoded';

/**
 * RFC 8058: a mail program's one-click unsubscribe posts exactly
 * `List-Unsubscribe=One-Click` as a form to the address in the List-Unsubscribe header,
 * which carries the token.
 */
async function oneClickToken(c: HonoCtx<AppEnv>): Promise<unknown> {
  const form = new URLSearchParams(await c.req.text());
  if (form.get('List-Unsubscribe') !== 'One-Click') {
    throw new RestError(400, 'A form body must be List-Unsubscribe=One-Click');
  }
  return { token: c.req.query('token') };
}

const isForm = (c: HonoCtx<AppEnv>) =>
  c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase() === ONE_CLICK_MEDIA_TYPE;

/** POST /api/subscribe and the newsletter links' actions (docs/api.md). */
export function newsletterRest(deps: AppDeps) {
  return new Hono<AppEnv>()
    .post('/subscribe', (c) =>
      runProcedure(
        c,
        deps,
        (caller) =>
          withBody(
            c,
            (body) => body,
            (input) => caller.newsletter.subscribe(input as SubscribeInput),
          ),
        (result) => result,
        201,
      ),
    )
    .post('/newsletter/confirm', (c) =>
      runProcedure(
        c,
        deps,
        (caller) =>
          withBody(
            c,
            (body) => body,
            (input) => caller.newsletter.confirm(input as { token: string }),
          ),
        (result) => result,
      ),
    )
    .post('/newsletter/unsubscribe', (c) =>
      runProcedure(
        c,
        deps,
        async (caller) =>
          isForm(c)
            ? caller.newsletter.unsubscribe((await oneClickToken(c)) as { token: string })
            : withBody(
                c,
                (body) => body,
                (input) => caller.newsletter.unsubscribe(input as { token: string }),
              ),
        (result) => result,
      ),
    );
}
