import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { isDatabaseUnavailable } from '../../../db/errors';
import { loggableError } from '../platform/logger';
import type { Db } from '../../../db';
import type { Config } from '../platform/config';
import type { Mailer } from '../platform/mail';
import type { Logger } from '../platform/logger';
import type { Limiter } from '../platform/limiter';
import { requireAdmin } from '../auth/session';

export interface Clock {
  now(): Date;
}

/** Everything an app instance needs from outside; tests pass their own (DESIGN.md section 1). */
export interface AppDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  /** Bounds the password hashes running at once; the process-wide default when absent. */
  hashLimiter?: Limiter;
}

export interface RequestInfo {
  headers: Headers;
  /** Client address after TRUST_PROXY handling, used for throttles and logs. */
  ip: string;
  requestId: string;
}

export interface Context extends AppDeps {
  hashLimiter: Limiter;
  req: RequestInfo;
  /** Headers to add to the response (Set-Cookie from the session code, Retry-After). */
  resHeaders: Headers;
}

export interface SessionUser {
  id: number;
  username: string;
}

/** A 429 carries how long to wait; the HTTP layers turn it into Retry-After. */
/** The 503 answer when the database cannot be reached or stays busy. */
export const DATABASE_UNAVAILABLE =
  'The service is briefly unavailable. Please try again in a moment.';
const DATABASE_RETRY_AFTER_SECONDS = 5;

export class ThrottledError extends TRPCError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super({ code: 'TOO_MANY_REQUESTS', message });
  }
}

/** The database's temporary trouble: a 503 that says when to try again. */
export class DatabaseUnavailable extends TRPCError {
  readonly retryAfterSeconds = DATABASE_RETRY_AFTER_SECONDS;
  constructor(cause: unknown) {
    super({ code: 'SERVICE_UNAVAILABLE', message: DATABASE_UNAVAILABLE, cause });
  }
}

/** An error that tells the client when to come back (429, 503): becomes Retry-After. */
export function retryAfterOf(error: unknown): number | undefined {
  return error instanceof ThrottledError || error instanceof DatabaseUnavailable
    ? error.retryAfterSeconds
    : undefined;
}

export interface ErrorIssue {
  path: string;
  message: string;
}

export function zodIssues(error: ZodError): ErrorIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    return {
      ...shape,
      message:
        cause instanceof ZodError
          ? (cause.issues[0]?.message ?? 'Invalid input')
          : shape.data.code === 'INTERNAL_SERVER_ERROR'
            ? 'Something went wrong on our side'
            : shape.message,
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        issues: cause instanceof ZodError ? zodIssues(cause) : undefined,
        retryAfter: retryAfterOf(error),
      },
    };
  },
});

export const router = t.router;
export const middleware = t.middleware;
export const createCallerFactory = t.createCallerFactory;

/**
 * A database that cannot be reached (a libSQL server restarting) or stays locked is the
 * server's temporary trouble, not a bug: every procedure answers it with 503 and a clear
 * message instead of a 500, and nothing half-done remains (its transaction rolled back).
 */
const databaseTrouble = t.middleware(async ({ ctx, next, path }) => {
  const result = await next();
  if (result.ok || !isDatabaseUnavailable(result.error.cause)) return result;
  ctx.logger.error('db.unavailable', {
    requestId: ctx.req.requestId,
    path,
    error: loggableError(result.error.cause),
  });
  return { ...result, error: new DatabaseUnavailable(result.error.cause) };
});

export const publicProcedure = t.procedure.use(databaseTrouble);

/** Procedures only a fully signed-in administrator (password and, if due, code) may call. */
export const adminProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const user = await requireAdmin(ctx);
  return next({ ctx: { ...ctx, user } });
});
