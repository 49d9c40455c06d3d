import { Hono } from 'hono';
import type { LoginInput } from '../../shared/schemas';
import type { AppEnv } from '../http/hono-env';
import type { AppDeps } from '../http/trpc';
import { withBody } from '../http/rest-body';
import { runProcedure } from '../http/rest';

/** The sign-in paths under /api/admin (DESIGN.md section 4), one procedure each. */
export function adminRest(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/admin/check', (c) =>
      runProcedure(
        c,
        deps,
        (caller) => caller.admin.check(),
        (state) => state,
      ),
    )
    .post('/admin/login', (c) =>
      runProcedure(
        c,
        deps,
        (caller) =>
          withBody(
            c,
            (body) => body,
            (input) => caller.admin.login(input as LoginInput),
          ),
        (result) => result,
      ),
    )
    .post('/admin/verify-2fa', (c) =>
      runProcedure(
        c,
        deps,
        (caller) =>
          withBody(
            c,
            (body) => body,
            (input) => caller.admin.verifyCode(input as { code: string }),
          ),
        (result) => result,
      ),
    )
    .post('/admin/logout', (c) =>
      runProcedure(
        c,
        deps,
        (caller) => caller.admin.logout(),
        (result) => result,
      ),
    );
}
