import { Hono, type Context as HonoContext } from 'hono';
import type {
  FactorOffInput,
  PasswordOnlyInput,
  RecoveryCodeInput,
  TotpEnableInput,
} from '../../../shared/second-factor';
import type { AppEnv } from '../../http/hono-env';
import { runProcedure, withBody, type Caller } from '../../http/rest';
import type { AppDeps } from '../../http/trpc';

/**
 * The authenticator app's and recovery codes' paths (docs/api.md), one procedure each: the
 * Account screen's under /api/account, and the sign-in's recovery code under /api/admin.
 */
export function secondFactorRest(deps: AppDeps) {
  const same = <T>(result: T) => result as object;
  /** A JSON body handed to one procedure; its zod schema is the one check. */
  const post =
    <I>(call: (caller: Caller, input: I) => Promise<unknown>) =>
    (c: HonoContext<AppEnv>) =>
      runProcedure(
        c,
        deps,
        (caller) =>
          withBody(
            c,
            (body) => body,
            (input) => call(caller, input as I),
          ),
        same,
      );
  return new Hono<AppEnv>()
    .post(
      '/account/totp/setup',
      post<PasswordOnlyInput>((caller, input) => caller.secondFactor.totpSetup(input)),
    )
    .post(
      '/account/totp/enable',
      post<TotpEnableInput>((caller, input) => caller.secondFactor.totpEnable(input)),
    )
    .delete('/account/totp/setup', (c) =>
      runProcedure(c, deps, (caller) => caller.secondFactor.totpCancelSetup(), same),
    )
    .post(
      '/account/totp/disable',
      post<FactorOffInput>((caller, input) => caller.secondFactor.totpDisable(input)),
    )
    .post(
      '/account/recovery-codes',
      post<FactorOffInput>((caller, input) => caller.secondFactor.regenerateRecoveryCodes(input)),
    )
    .post(
      '/admin/recovery-code',
      post<RecoveryCodeInput>((caller, input) => caller.admin.recoveryCode(input)),
    );
}
