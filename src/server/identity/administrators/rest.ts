import { Hono } from 'hono';
import type {
  InvitationAcceptInput,
  InviteInput,
  RemoveUserInput,
  ResetSecondFactorInput,
} from '../../../shared/users';
import type { AppEnv } from '../../http/hono-env';
import { runProcedure, withBody } from '../../http/rest';
import type { AppDeps } from '../../http/trpc';

/** The body's `password`, whatever else it holds (the schema judges it). */
function passwordOf(body: unknown): unknown {
  return typeof body === 'object' && body !== null && 'password' in body
    ? body.password
    : undefined;
}

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
        (caller) =>
          withBody(
            c,
            (body) => ({ id: c.req.param('id'), password: passwordOf(body) }),
            (input) => caller.users.resendInvitation(input as RemoveUserInput),
            { optional: true },
          ),
        (user) => ({ success: true, user }),
      ),
    )
    .post('/users/:id/second-factor/reset', (c) =>
      // Another administrator's second factor reset; the body holds your own password.
      runProcedure(
        c,
        deps,
        (caller) =>
          withBody(
            c,
            (body) => ({ id: c.req.param('id'), password: passwordOf(body) }),
            (input) => caller.users.resetSecondFactor(input as ResetSecondFactorInput),
          ),
        (result) => result,
      ),
    )
    .delete('/users/:id', (c) =>
      runProcedure(
        c,
        deps,
        (caller) =>
          withBody(
            c,
            (body) => ({ id: c.req.param('id'), password: passwordOf(body) }),
            (input) => caller.users.remove(input as RemoveUserInput),
            { optional: true },
          ),
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
