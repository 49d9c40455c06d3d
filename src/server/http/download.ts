import type { Context as HonoCtx } from 'hono';
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { requireAdmin } from '../auth/session';

import type { AppEnv } from './hono-env';
import type { AppDeps, Context } from './trpc';
import { errorResponse, requestContext } from './rest';

/**
 * An administrator's file download (the CSV exports). A stream is no JSON procedure result,
 * so this does what an admin procedure's middleware and input check would, in the same
 * order (401 before 400) and with the same error bodies, then lets `respond` build the file.
 */
export async function adminDownload<Schema extends z.ZodType>(
  c: HonoCtx<AppEnv>,
  deps: AppDeps,
  schema: Schema,
  raw: unknown,
  respond: (ctx: Context, input: z.output<Schema>) => Promise<Response>,
): Promise<Response> {
  const ctx = requestContext(c, deps);
  let response: Response;
  try {
    await requireAdmin(ctx);
    response = await respond(ctx, parseInput(schema, raw));
  } catch (error) {
    response = errorResponse(c, deps, error);
  }
  ctx.resHeaders.forEach((value, key) => response.headers.append(key, value));
  return response;
}

function parseInput<Schema extends z.ZodType>(schema: Schema, raw: unknown): z.output<Schema> {
  try {
    return schema.parse(raw);
  } catch (cause) {
    // parse() throws ZodRealError, an Error, which errorResponse turns into the 400 body.
    throw new TRPCError({ code: 'BAD_REQUEST', cause });
  }
}
