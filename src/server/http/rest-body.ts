import type { Context as HonoCtx } from 'hono';
import { TRPCError } from '@trpc/server';
import type { AppEnv } from './hono-env';
import { readJsonBody, RestError } from './rest';

type JsonBody = { ok: true; value: unknown } | { ok: false; error: RestError };

/** Reads the JSON body without throwing, so the caller decides when a bad body is reported. */
async function readBody(c: HonoCtx<AppEnv>): Promise<JsonBody> {
  try {
    return { ok: true, value: await readJsonBody(c) };
  } catch (error) {
    if (error instanceof RestError) return { ok: false, error };
    throw error;
  }
}

/**
 * Reads the request's JSON body and calls a procedure with the input `build` makes from it. When the body could
 * not be read (empty while declared JSON, or malformed) the procedure still runs, with no
 * input: its throttle and auth checks answer first, as DESIGN.md section 4 ranks 429 and
 * 401 above 400, and the input check it then fails on is reported as the body's own error.
 * Every procedure given here takes an object, so an absent input never passes validation.
 * The input is unchecked here on purpose: the procedure's zod schema is the one check.
 */
export async function withBody<T>(
  c: HonoCtx<AppEnv>,
  build: (value: unknown) => unknown,
  call: (input: unknown) => Promise<T>,
): Promise<T> {
  const body = await readBody(c);
  if (body.ok) return call(build(body.value));
  try {
    await call(undefined);
  } catch (error) {
    if (error instanceof TRPCError && error.code === 'BAD_REQUEST') throw body.error;
    throw error;
  }
  throw body.error;
}
