/**
 * The one error mapping: what status, message, issues and Retry-After a thrown error becomes.
 * tRPC's error formatter and the REST adapter (CSV downloads included) ask `toHttpError`, so an
 * error answers alike on every transport (docs/api.md, "Errors").
 */
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { $ZodError } from 'zod/v4/core';
import { isDatabaseUnavailable } from '#db/errors';
import {
  DatabaseUnavailable,
  FieldConflict,
  FieldInvalid,
  FieldsConflict,
  LinkGone,
  ThrottledError,
  UnavailableError,
} from '#server/platform/errors';

export interface ErrorIssue {
  path: string;
  message: string;
}

export interface HttpError {
  status: number;
  message: string;
  /** Each invalid field with its message (400), or the field a 409 is about. */
  issues?: ErrorIssue[];
  /** Seconds; every 429 and 503 has it. */
  retryAfter?: number;
  /** A bug, not the client's doing: logged, and answered with a generic message. */
  unexpected: boolean;
}

export const UNEXPECTED_MESSAGE = 'Something went wrong on our side';
/** A 503 that did not say when to come back. */
const DEFAULT_RETRY_AFTER_SECONDS = 5;

/** A refusal of the REST layer itself (a body that is not JSON), before any procedure. */
export class RestError extends Error {
  constructor(
    readonly status: 400 | 404,
    message: string,
  ) {
    super(message);
  }
}

/** The error body of docs/api.md. */
export function errorBody(message: string, issues?: ErrorIssue[]) {
  return issues
    ? { success: false as const, message, issues }
    : { success: false as const, message };
}

export function zodIssues(error: $ZodError): ErrorIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

function retryAfterOf(error: TRPCError): number | undefined {
  if (error instanceof ThrottledError || error instanceof UnavailableError) {
    return error.retryAfterSeconds;
  }
  return error.code === 'SERVICE_UNAVAILABLE' ? DEFAULT_RETRY_AFTER_SECONDS : undefined;
}

export function toHttpError(error: unknown): HttpError {
  if (error instanceof RestError) {
    return { status: error.status, message: error.message, unexpected: false };
  }
  // Outside a procedure (the public facts' fast path, a CSV download, /healthz) the driver's
  // own error arrives; inside one, the procedures' middleware already turned it into this.
  if (!(error instanceof TRPCError) && isDatabaseUnavailable(error)) {
    return toHttpError(new DatabaseUnavailable(error));
  }
  if (!(error instanceof TRPCError)) {
    return { status: 500, message: UNEXPECTED_MESSAGE, unexpected: true };
  }
  if (error.cause instanceof $ZodError) {
    const issues = zodIssues(error.cause);
    return {
      status: 400,
      message: issues[0]?.message ?? 'Invalid input',
      issues,
      unexpected: false,
    };
  }
  if (error instanceof FieldConflict || error instanceof FieldInvalid) {
    const issues = [{ path: error.field, message: error.message }];
    const status = error instanceof FieldConflict ? 409 : 400;
    return { status, message: error.message, issues, unexpected: false };
  }
  if (error instanceof LinkGone) {
    return { status: 410, message: error.message, unexpected: false };
  }
  if (error instanceof FieldsConflict) {
    return { status: 409, message: error.message, issues: [...error.issues], unexpected: false };
  }
  const status = getHTTPStatusCodeFromError(error);
  if (status >= 500 && status !== 503) {
    return { status: 500, message: UNEXPECTED_MESSAGE, unexpected: true };
  }
  return { status, message: error.message, retryAfter: retryAfterOf(error), unexpected: false };
}
