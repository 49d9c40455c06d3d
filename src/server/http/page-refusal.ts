/**
 * The one mapping of a procedure's error to a page's answer, for the pages a person opens from
 * a link (the booking's manage page, the newsletter's confirm and unsubscribe pages, the
 * client's proposal page, the way back from Checkout) and the search page: still a page, never
 * the API's JSON, since the reader came from a mail or a form. It is the API's own mapping
 * (errors.ts, docs/api.md "Errors") narrowed to the statuses a page shows; any other is a 500.
 * Every 429 and 503 keeps its Retry-After; a bug is logged with the request's id. A lint rule
 * keeps `toHttpError` out of other pages (eslint.config.js, "one-place").
 */
import type { Context as HonoCtx } from 'hono';
import { loggableError, type Logger } from '#server/platform/logger';
import { toHttpError, type HttpError } from './errors';
import type { AppEnv } from './hono-env';

/** What a page opened from a link shows of a refusal: its dead link, too many, or unavailable. */
export const LINK_PAGE_STATUSES = [404, 429, 503] as const;

/** The mapped error, its status one the page shows or 500. */
export type PageRefusal<S extends number> = Omit<HttpError, 'status'> & { status: S | 500 };

/**
 * Maps `error` for a page that shows the statuses `shown`: sets Retry-After when the error has
 * one, and logs an unexpected error as `event` (`request.failed`, as the API logs it).
 */
export function pageRefusal<const S extends number>(
  c: HonoCtx<AppEnv>,
  logger: Logger,
  error: unknown,
  shown: readonly S[],
  event = 'request.failed',
): PageRefusal<S> {
  const mapped = toHttpError(error);
  if (mapped.retryAfter !== undefined) c.header('Retry-After', String(mapped.retryAfter));
  if (mapped.unexpected) {
    logger.error(event, { requestId: c.get('requestId'), error: loggableError(error) });
  }
  return { ...mapped, status: shown.find((status) => status === mapped.status) ?? 500 };
}
