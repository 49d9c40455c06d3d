import { initTRPC } from '@trpc/server';
import { isDatabaseUnavailable } from '#db/errors';
import { DatabaseUnavailable } from '#server/platform/errors';
import { loggableError } from '#server/platform/logger';
import { toHttpError } from './errors';
import type { Db } from '#db';
import type { Config } from '#server/platform/config';
import type { Mailer } from '#server/platform/mail';
import type { Logger } from '#server/platform/logger';
import type { Limiter } from '#server/platform/limiter';
import type { Clock } from '#server/platform/clock';
import type { PageFrames } from '#server/platform/page-frame';
import type { ProcedureMeta } from './rest-meta';
import type { AiModel } from '#server/platform/ai-model';

/** Everything an app instance needs from outside; tests pass their own (docs/architecture.md). */
export interface AppDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  /** Bounds the password hashes running at once; the process-wide default when absent. */
  hashLimiter?: Limiter;
  /**
   * The site's frame for pages the server writes from its data (the entries' pages, written
   * at publish); absent without a build (API-only tests), where no page is written.
   */
  pageFrames?: PageFrames;
  /**
   * The model the AI features ask (tests pass `ai/test`'s mock); absent, the one AI_PROVIDER
   * names (ai/model.ts). Without AI_PROVIDER it is never asked (docs/ai.md).
   */
  aiModel?: AiModel;
  /** An upload's image work's time limit (media/image-thread.ts); the default when absent. */
  imageTimeLimitMs?: number;
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
  /**
   * Values read once per request and shared by every procedure of a batch (the session's one
   * read: identity/sessions/session.ts): one map per request, kept by reference when
   * middleware extends the context. Read it through `requestMemo` (http/context.ts).
   */
  memo: Map<symbol, unknown>;
}

/** Calls in one tRPC batch request; a larger batch is refused with 400. */
export const MAX_BATCH_SIZE = 10;

// `meta.rest`: the procedure's documented REST path (rest-meta.ts), served by rest.ts.
const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    // The one error mapping (errors.ts) decides the message, issues and Retry-After.
    errorFormatter({ shape, error }) {
      const mapped = toHttpError(error);
      return {
        ...shape,
        message: mapped.message,
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          issues: mapped.issues,
          retryAfter: mapped.retryAfter,
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
