/** Assertion helpers for router tests that call procedures through createCaller. */
import { TRPCError } from '@trpc/server';
import { $ZodError } from 'zod/v4/core';
import { zodIssues, type ErrorIssue } from '#server/http/errors';

/** The TRPCError a call fails with; fails the test when the call succeeds. */
export async function failure(call: Promise<unknown>): Promise<TRPCError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof TRPCError) return error;
    throw error;
  }
  throw new Error('Expected the call to fail, but it succeeded');
}

/** The validation issues (path and message) a call is refused with. */
export async function issuesOf(call: Promise<unknown>): Promise<ErrorIssue[]> {
  const error = await failure(call);
  if (error.code !== 'BAD_REQUEST' || !(error.cause instanceof $ZodError)) {
    throw new Error(`Expected a validation error, got ${error.code}: ${error.message}`);
  }
  return zodIssues(error.cause);
}
