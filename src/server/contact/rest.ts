import { Hono } from 'hono';
import type { ContactInput, SubscribeInput } from '../../shared/schemas';
import type { AppEnv } from '../http/hono-env';
import type { AppDeps } from '../http/trpc';
import { withBody } from '../http/rest-body';
import { runProcedure } from '../http/rest';

/** The visitors' forms: POST /api/contact and POST /api/subscribe (DESIGN.md section 4). */
export function publicRest(deps: AppDeps) {
  return new Hono<AppEnv>()
    .post('/contact', (c) =>
      runProcedure(
        c,
        deps,
        (caller) =>
          withBody(
            c,
            (body) => body,
            (input) => caller.contact.send(input as ContactInput),
          ),
        (result) => result,
        201,
      ),
    )
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
    );
}
