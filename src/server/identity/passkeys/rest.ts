import { Hono } from 'hono';
import type {
  PasskeyOptionsInput,
  RegisterPasskeyInput,
  RemovePasskeyInput,
  RenamePasskeyInput,
} from '../../../shared/passkeys';
import type { AppEnv } from '../../http/hono-env';
import { runProcedure, withBody } from '../../http/rest';
import type { AppDeps } from '../../http/trpc';

/** The passkey paths (docs/api.md): the Account screen's, and the sign-in's under /api/admin. */
export function passkeysRest(deps: AppDeps) {
  const same = <T>(result: T) => result as object;
  return new Hono<AppEnv>()
    .post('/account/passkeys/options', (c) =>
      runProcedure(
        c,
        deps,
        (caller) =>
          withBody(
            c,
            (body) => body,
            (input) => caller.passkeys.registrationOptions(input as PasskeyOptionsInput),
          ),
        same,
      ),
    )
    .post('/account/passkeys', (c) =>
      runProcedure(
        c,
        deps,
        (caller) =>
          withBody(
            c,
            (body) => body,
            (input) => caller.passkeys.register(input as RegisterPasskeyInput),
          ),
        same,
        201,
      ),
    )
    .patch('/account/passkeys/:id', (c) =>
      runProcedure(
        c,
        deps,
        (caller) =>
          withBody(
            c,
            (body) => ({ ...(body as object), id: c.req.param('id') }),
            (input) => caller.passkeys.rename(input as RenamePasskeyInput),
          ),
        same,
      ),
    )
    .delete('/account/passkeys/:id', (c) =>
      // An optional body: the password and the app's code, when asked for (docs/api.md).
      runProcedure(
        c,
        deps,
        (caller) =>
          withBody(
            c,
            (body) => ({ ...(body as object), id: c.req.param('id') }),
            (input) => caller.passkeys.remove(input as RemovePasskeyInput),
            { optional: true },
          ),
        same,
      ),
    )
    .post('/account/passkeys/proof/options', (c) =>
      runProcedure(c, deps, (caller) => caller.passkeys.proofOptions(), same),
    )
    .post('/account/passkeys/proof', (c) =>
      runProcedure(
        c,
        deps,
        (caller) =>
          withBody(
            c,
            (body) => body,
            (input) => caller.passkeys.prove(input),
          ),
        same,
      ),
    )
    .post('/admin/passkey/options', (c) =>
      runProcedure(c, deps, (caller) => caller.passkeys.signInOptions(), same),
    )
    .post('/admin/passkey/verify', (c) =>
      runProcedure(
        c,
        deps,
        (caller) =>
          withBody(
            c,
            (body) => body,
            (input) => caller.passkeys.signIn(input),
          ),
        same,
      ),
    );
}
