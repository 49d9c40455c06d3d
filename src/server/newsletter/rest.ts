import { Hono } from 'hono';
import type { SubscribeInput } from '../../shared/newsletter';
import type { AppEnv } from '../http/hono-env';
import { runProcedure, withBody } from '../http/rest';
import type { AppDeps } from '../http/trpc';

/** POST /api/subscribe: `newsletter.subscribe` (docs/api.md). */
export function newsletterRest(deps: AppDeps) {
  return new Hono<AppEnv>().post('/subscribe', (c) =>
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
  );
}
