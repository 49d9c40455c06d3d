import { Hono } from 'hono';
import type { LoginInput } from '../../../shared/auth';
import type { AppEnv } from '../../http/hono-env';
import { runProcedure, withBody } from '../../http/rest';
import type { AppDeps } from '../../http/trpc';

/** The sign-in paths under /api/admin (docs/api.md), one procedure each. */
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
