import { Hono } from 'hono';
import type { InvitationAcceptInput, InviteInput } from '../../shared/users';
import type { AppEnv } from '../http/hono-env';
import { runProcedure, withBody } from '../http/rest';
import type { AppDeps } from '../http/trpc';

/** /api/users (administrators) and POST /api/admin/invite (the invitation page), docs/api.md. */
export function usersRest(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/users', (c) =>
      runProcedure(
        c,
        deps,
        (caller) => caller.users.list(),
        (list) => ({ success: true, users: list }),
      ),
    )
    .post('/users', (c) =>
      runProcedure(
        c,
        deps,
        (caller) =>
          withBody(
            c,
            (body) => body,
            (input) => caller.users.invite(input as InviteInput),
          ),
        (user) => ({ success: true, user }),
        201,
      ),
    )
    .post('/users/:id/invitation', (c) =>
      runProcedure(
        c,
        deps,
        (caller) => caller.users.resendInvitation({ id: c.req.param('id') }),
        (user) => ({ success: true, user }),
      ),
    )
    .delete('/users/:id', (c) =>
      runProcedure(
        c,
        deps,
        (caller) => caller.users.remove({ id: c.req.param('id') }),
        () => ({ success: true }),
      ),
    )
    .post('/admin/invite', (c) =>
      runProcedure(
        c,
        deps,
        (caller) =>
          withBody(
            c,
            (body) => body,
            (input) => caller.invitation.accept(input as InvitationAcceptInput),
          ),
        (result) => result,
      ),
    );
}
