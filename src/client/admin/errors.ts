import { isTRPCClientError } from '@trpc/client';

/** A sentence a person can read, from whatever a call threw (docs/product.md, "Messages and errors", puts it in toasts). */
export function errorMessage(error: unknown): string {
  if (isTRPCClientError(error) || error instanceof Error) {
    // fetch() itself failing says "Failed to fetch": name the cause people can act on.
    if (/failed to fetch|networkerror|load failed/i.test(error.message)) {
      return 'The server could not be reached. Check your connection and try again.';
    }
    return error.message || 'Unexpected error';
  }
  return 'Unexpected error';
}

function errorCode(error: unknown): string | undefined {
  if (!isTRPCClientError(error)) return undefined;
  const data: unknown = error.data;
  if (typeof data === 'object' && data !== null && 'code' in data) {
    return typeof data.code === 'string' ? data.code : undefined;
  }
  return undefined;
}

export function isUnauthorized(error: unknown): boolean {
  return errorCode(error) === 'UNAUTHORIZED';
}

export function isNotFound(error: unknown): boolean {
  return errorCode(error) === 'NOT_FOUND';
}
