import { Hono } from 'hono';
import type {
  ChangeEmailInput,
  ChangePasswordInput,
  VerifyEmailInput,
} from '../../../shared/account';
import type { AppEnv } from '../../http/hono-env';
import { runProcedure, withBody } from '../../http/rest';
import type { AppDeps } from '../../http/trpc';

/** The signed-in administrator's /api/account paths (docs/api.md), one procedure each. */
export function accountRest(deps: AppDeps) {
  const same = <T>(result: T) => result as object;
  return new Hono<AppEnv>()
    .get('/account', (c) => runProcedure(c, deps, (caller) => caller.account.get(), same))
    .post('/account/password', (c) =>
      runProcedure(
        c,
        deps,
        (caller) =>
          withBody(
            c,
            (body) => body,
            (input) => caller.account.changePassword(input as ChangePasswordInput),
          ),
        same,
      ),
    )
    .post('/account/email', (c) =>
      runProcedure(
        c,
        deps,
        (caller) =>
          withBody(
            c,
            (body) => body,
            (input) => caller.account.changeEmail(input as ChangeEmailInput),
          ),
        same,
      ),
    )
    .post('/account/email/verify', (c) =>
      runProcedure(
        c,
        deps,
        (caller) =>
          withBody(
            c,
            (body) => body,
            (input) => caller.account.verifyEmail(input as VerifyEmailInput),
          ),
        same,
      ),
    )
    .get('/account/sessions', (c) =>
      runProcedure(c, deps, (caller) => caller.account.sessions(), same),
    )
    .post('/account/sessions/end-others', (c) =>
      runProcedure(c, deps, (caller) => caller.account.endOtherSessions(), same),
    )
    .delete('/account/sessions/:id', (c) =>
      runProcedure(c, deps, (caller) => caller.account.endSession({ id: c.req.param('id') }), same),
    );
}
