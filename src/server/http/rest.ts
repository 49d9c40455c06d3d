/**
 * The REST adapter: every documented /api path is declared on its procedure (`.meta({ rest })`,
 * rest-meta.ts), and this serves each one by calling that procedure in process, so both
 * transports share one implementation (docs/api.md, "Two transports"). It builds the input
 * from the body, the path and the query (rest-input.ts), runs the procedure and turns its
 * result or error into the documented status and body. It knows no feature: the router comes
 * in as an argument.
 */
import { Hono, type Context as HonoCtx } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AnyTRPCRouter } from '@trpc/server';
import { loggableError } from '#server/platform/logger';
import { buildContext, clientIp } from './context';
import { errorBody, toHttpError } from './errors';
import type { AppEnv } from './hono-env';
import { framedBySameOrigin } from './security-headers';
import type { RestAnswer } from './rest-meta';
import type { FileDownload } from '#shared/shapes/file-download';
import type { AppDeps, Context } from './trpc';
import { restProcedures, type RestProcedure } from './rest-procedures';
import { callWithInput, isObject } from './rest-input';

export {
  anonymousLogPaths,
  formPaths,
  pathParams,
  restProcedures,
  uploadPaths,
  type RestProcedure,
  type UploadPath,
} from './rest-procedures';

type HonoContext = HonoCtx<AppEnv>;

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

/** A Hono app with a route for every declared REST path of `router` (paths include /api). */
export function restRoutes(router: AnyTRPCRouter, deps: AppDeps) {
  const app = new Hono<AppEnv>();
  for (const declared of restProcedures(router)) {
    app.on(declared.rest.method, declared.rest.path, (c) => serve(c, deps, declared));
  }
  return app;
}

async function serve(c: HonoContext, deps: AppDeps, declared: RestProcedure): Promise<Response> {
  const { rest } = declared;
  const ctx = requestContext(c, deps);
  const call = (input: unknown): Promise<unknown> =>
    declared.procedure({
      ctx,
      path: declared.path,
      type: declared.type,
      getRawInput: () => Promise.resolve(input),
      signal: c.req.raw.signal,
      batchIndex: 0,
    });
  let response: Response;
  try {
    const result = await callWithInput(c, rest, call);
    response = rest.download
      ? await downloadOf(result).open()
      : c.json(answerBody(rest.answer ?? 'result', result), rest.status ?? 200);
  } catch (error) {
    response = errorResponse(c, deps, error);
  }
  // Set-Cookie from the session code travels on the procedure's context.
  ctx.resHeaders.forEach((value, key) => response.headers.append(key, value));
  if (rest.framedBySameOrigin && response.ok) framedBySameOrigin(c, response.headers);
  return response;
}

/** A `download` procedure's result; anything else is a bug in its declaration (500). */
function downloadOf(result: unknown): FileDownload {
  if (!isDownload(result)) throw new Error('A download procedure answered no FileDownload');
  return result;
}

const isDownload = (value: unknown): value is FileDownload =>
  isObject(value) && typeof value.open === 'function' && typeof value.filename === 'string';

function answerBody(answer: RestAnswer, result: unknown): unknown {
  if (answer === 'result') return result;
  if (answer === 'success') return { success: true };
  if (answer === 'spread') return { success: true, ...(isObject(result) ? result : {}) };
  return { success: true, [answer.key]: result };
}
