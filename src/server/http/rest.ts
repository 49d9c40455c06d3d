/**
 * The REST shims' machinery. Every documented /api path calls its tRPC procedure through
 * createCaller, so both transports share one implementation; these helpers read the body,
 * run the procedure and turn its result or error into the documented status and body.
 */
import type { Context as HonoCtx } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { TRPCError } from '@trpc/server';
import { $ZodError, $ZodRealError } from 'zod/v4/core';
import type { z } from 'zod/mini';
import { writeBatch } from '../../../db';
import { requireAdmin } from '../identity/sessions/session';
import { auditInsert } from '../audit/record';
import { loggableError } from '../platform/logger';
import { appRouter } from '../app/app-router';
import { buildContext, clientIp } from './context';
import { errorBody, RestError, toHttpError } from './errors';
import type { AppEnv } from './hono-env';
import { createCallerFactory, type AppDeps, type Context } from './trpc';

type HonoContext = HonoCtx<AppEnv>;

const createCaller = createCallerFactory(appRouter);
export type Caller = ReturnType<typeof createCaller>;

/** The procedures' context for this HTTP request (cookie, client address, request id). */
export function requestContext(c: HonoContext, deps: AppDeps): Context {
  return buildContext(deps, {
    headers: c.req.raw.headers,
    ip: clientIp(c, deps.config.trustProxy),
    requestId: c.get('requestId'),
  });
}

/** The answer to a thrown error, as toHttpError maps it; an unexpected one is logged. */
export function errorResponse(c: HonoContext, deps: AppDeps, error: unknown): Response {
  const mapped = toHttpError(error);
  if (mapped.retryAfter !== undefined) c.header('Retry-After', String(mapped.retryAfter));
  const status = mapped.status as ContentfulStatusCode;
  if (!mapped.unexpected) return c.json(errorBody(mapped.message, mapped.issues), status);
  const requestId = c.get('requestId');
  deps.logger.error('request.failed', { requestId, error: loggableError(error) });
  return c.json({ ...errorBody(mapped.message), requestId }, status);
}

/** A caller of every procedure as this HTTP request (for a handler that answers no JSON). */
export function requestCaller(c: HonoContext, deps: AppDeps): Caller {
  return createCaller(requestContext(c, deps));
}

/** Runs `respond` with the request's context and answers its response, or its error's. */
async function withContext(
  c: HonoContext,
  deps: AppDeps,
  respond: (ctx: Context) => Promise<Response>,
): Promise<Response> {
  const ctx = requestContext(c, deps);
  let response: Response;
  try {
    response = await respond(ctx);
  } catch (error) {
    response = errorResponse(c, deps, error);
  }
  // Set-Cookie from the session code travels on the procedure's context.
  ctx.resHeaders.forEach((value, key) => response.headers.append(key, value));
  return response;
}

/** Runs one procedure and answers `toBody(result)` with `status`. */
export function runProcedure<T>(
  c: HonoContext,
  deps: AppDeps,
  call: (caller: Caller) => Promise<T>,
  toBody: (result: T) => object,
  status: ContentfulStatusCode = 200,
): Promise<Response> {
  return withContext(c, deps, async (ctx) => c.json(toBody(await call(createCaller(ctx))), status));
}

/**
 * The JSON body, or undefined for a bodiless POST/DELETE without Content-Type (attach a tag,
 * logout), or, where the body is optional (`optional`), for any empty one: those paths
 * answered a bodiless request before they took a body, whatever its Content-Type.
 * Content-Type is already vetted (415) by the app's middleware.
 */
async function readJsonBody(c: HonoContext, optional: boolean): Promise<unknown> {
  const text = await c.req.text();
  if (text === '') {
    if (!optional && c.req.header('content-type'))
      throw new RestError(400, 'Request body must be JSON');
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new RestError(400, 'Request body must be valid JSON');
  }
}

/**
 * Reads the JSON body and calls a procedure with the input `build` makes from it. When the
 * body cannot be read (empty while declared JSON, or malformed) the procedure still runs, with
 * no input: its throttle and auth checks answer first, as docs/api.md ranks 429 and 401 above
 * 400, and the input check it then fails on is reported as the body's own error. Every
 * procedure given here takes an object, so an absent input never passes validation. The input
 * is unchecked here on purpose: the procedure's zod schema is the one check. `optional`: the
 * path's body is optional, so an empty one is no body whatever the Content-Type.
 */
export async function withBody<T>(
  c: HonoContext,
  build: (value: unknown) => unknown,
  call: (input: unknown) => Promise<T>,
  { optional = false }: { optional?: boolean } = {},
): Promise<T> {
  let body: unknown;
  try {
    body = await readJsonBody(c, optional);
  } catch (error) {
    if (!(error instanceof RestError)) throw error;
    try {
      await call(undefined);
    } catch (refusal) {
      if (!(refusal instanceof TRPCError && refusal.code === 'BAD_REQUEST')) throw refusal;
    }
    throw error;
  }
  return call(build(body));
}

/**
 * An administrator's file download (the CSV exports). A stream is no JSON procedure result,
 * so this does what an admin procedure's middleware and input check would, in the same order
 * (401 before 400) and with the same error bodies, records the download in the audit log
 * (`export_downloaded`, naming the file and its filter), then lets `respond` build the file.
 */
export function adminDownload<Schema extends z.ZodMiniType>(
  c: HonoContext,
  deps: AppDeps,
  file: string,
  schema: Schema,
  raw: unknown,
  respond: (ctx: Context, input: z.output<Schema>) => Promise<Response>,
): Promise<Response> {
  return withContext(c, deps, async (ctx) => {
    const user = await requireAdmin(ctx);
    let input: z.output<Schema>;
    try {
      input = schema.parse(raw);
    } catch (cause) {
      // The same 400 a procedure's input check gives: parse() throws $ZodRealError, an Error,
      // whose issues toHttpError reads (safeParse's error is no Error, and tRPC would wrap it).
      throw new TRPCError({ code: 'BAD_REQUEST', cause });
    }
    // Before the file: a download the log could not record is not served.
    await writeBatch(ctx.db, [
      auditInsert(ctx.db, ctx.clock.now(), {
        action: 'export_downloaded',
        actor: user,
        target: exportTarget(file, input),
        ip: ctx.req.ip,
      }).toSQL(),
    ]);
    return respond(ctx, input);
  });
}

/**
 * What an export's audit entry names: the file, then each filter that was set, as
 * `messages.csv q="data team" subject=consulting`. Text that is not a plain word is quoted
 * as JSON, so spaces, quotes and control characters stay readable and unambiguous.
 */
export function exportTarget(file: string, filter: unknown): string {
  const set = Object.entries(typeof filter === 'object' && filter !== null ? filter : {}).filter(
    ([, value]) => value !== undefined && value !== null && value !== '',
  );
  const shown = (value: unknown) => {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    return /^[\w.@:+-]+$/.test(text) ? text : JSON.stringify(text);
  };
  return [file, ...set.map(([key, value]) => `${key}=${shown(value)}`)].join(' ');
}

/**
 * The PATCH body is the patch itself, so its issues are named as the client sent them
 * (`factText`), not by the procedure's wrapping input (`data.factText`). For the
 * procedures whose input is `{ id, data }` (a fact's, a newsletter's update).
 */
export function bodyRelativeIssues(error: unknown): never {
  if (error instanceof TRPCError && error.cause instanceof $ZodError) {
    // $ZodRealError is the Error subclass parse() throws; a plain $ZodError is not an Error
    // and tRPC would wrap it, hiding the issues.
    const cause = new $ZodRealError(
      error.cause.issues.map((issue) =>
        issue.path[0] === 'data' ? { ...issue, path: issue.path.slice(1) } : issue,
      ),
    );
    throw new TRPCError({ code: error.code, message: error.message, cause });
  }
  throw error;
}
