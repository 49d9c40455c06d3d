import { TRPCClientError } from '@trpc/client';

/**
 * The message the server gave for a failed call (the first validation message, "Too many
 * requests...", ...), or null when there was no usable answer (network down, HTML error page).
 */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof TRPCClientError)) return null;
  // A response that was not tRPC's JSON (proxy error page, network failure) has no data.
  if (!error.data && !error.shape) return null;
  const message = typeof error.message === 'string' ? error.message.trim() : '';
  return message || null;
}

/** The tRPC code of a refused call ('CONFLICT', 'NOT_FOUND', ...), or null without one. */
export function serverCode(error: unknown): string | null {
  if (!(error instanceof TRPCClientError)) return null;
  const data: unknown = error.data;
  if (typeof data === 'object' && data !== null && 'code' in data) {
    return typeof data.code === 'string' ? data.code : null;
  }
  return null;
}
