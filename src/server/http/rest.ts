import type { Context as HonoCtx } from 'hono';
import type { AppEnv } from './hono-env';

type HonoContext = HonoCtx<AppEnv>;
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError } from 'zod';
import { isDatabaseUnavailable } from '../../../db/errors';
import { buildContext, clientIp } from './context';
import { loggableError } from '../platform/logger';
import { appRouter } from './app-router';
import {
  createCallerFactory,
  DatabaseUnavailable,
  retryAfterOf,
  zodIssues,
  type AppDeps,
  type ErrorIssue,
} from './trpc';

const createCaller = createCallerFactory(appRouter);
export type Caller = ReturnType<typeof createCaller>;

/** Error body of DESIGN.md section 4. */
export function errorBody(message: string, issues?: ErrorIssue[]) {
  return issues
    ? { success: false as const, message, issues }
    : { success: false as const, message };
}

export class RestError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The JSON body, or undefined for a bodiless POST/DELETE without Content-Type (attach a tag,
 * logout). Content-Type is already vetted (415) by the app's middleware.
 */
export async function readJsonBody(c: HonoContext): Promise<unknown> {
  const text = await c.req.text();
  if (text === '') {
    if (c.req.header('content-type')) throw new RestError(400, 'Request body must be JSON');
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new RestError(400, 'Request body must be valid JSON');
  }
}

/**
 * Runs one tRPC procedure for a REST path through createCaller, so both transports share
 * one implementation, then maps its result or error onto the documented status and body.
 */
/** The procedures' context for this HTTP request (cookie, client address, request id). */
export function requestContext(c: HonoContext, deps: AppDeps) {
  return buildContext(deps, {
    headers: c.req.raw.headers,
    ip: clientIp(c, deps.config.trustProxy),
    requestId: c.get('requestId'),
  });
}

export async function runProcedure<T>(
  c: HonoContext,
  deps: AppDeps,
  call: (caller: Caller) => Promise<T>,
  toBody: (result: T) => object,
  status: ContentfulStatusCode = 200,
): Promise<Response> {
  const ctx = requestContext(c, deps);
  let response: Response;
  try {
    const result = await call(createCaller(ctx));
    response = c.json(toBody(result), status);
  } catch (error) {
    response = errorResponse(c, deps, error);
  }
  ctx.resHeaders.forEach((value, key) => response.headers.append(key, value));
  return response;
}

export function errorResponse(c: HonoContext, deps: AppDeps, error: unknown): Response {
  if (error instanceof RestError) return c.json(errorBody(error.message), error.status);
  // Outside a procedure (the public facts' fast path, a CSV download, /healthz).
  if (!(error instanceof TRPCError) && isDatabaseUnavailable(error)) {
    deps.logger.error('db.unavailable', {
      requestId: c.get('requestId'),
      error: loggableError(error),
    });
    return errorResponse(c, deps, new DatabaseUnavailable(error));
  }
  if (error instanceof TRPCError) {
    const status = getHTTPStatusCodeFromError(error) as ContentfulStatusCode;
    if (error.cause instanceof ZodError) {
      const issues = zodIssues(error.cause);
      return c.json(errorBody(issues[0]?.message ?? 'Invalid input', issues), 400);
    }
    const wait = retryAfterOf(error);
    if (wait !== undefined) c.header('Retry-After', String(wait));
    if (status < 500 || status === 503) return c.json(errorBody(error.message), status);
  }
  const requestId = c.get('requestId');
  deps.logger.error('request.failed', {
    requestId,
    error: loggableError(error),
  });
  return c.json({ ...errorBody('Something went wrong on our side'), requestId }, 500);
}
