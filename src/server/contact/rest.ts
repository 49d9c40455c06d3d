import { Hono } from 'hono';
import type { ContactInput } from '../../shared/contact';
import type { AppEnv } from '../http/hono-env';
import { runProcedure, withBody } from '../http/rest';
import type { AppDeps } from '../http/trpc';

/** POST /api/contact: `contact.send` (docs/api.md). */
export function contactRest(deps: AppDeps) {
  return new Hono<AppEnv>().post('/contact', (c) =>
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
  );
}
