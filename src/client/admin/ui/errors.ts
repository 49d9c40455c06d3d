import { isTRPCClientError } from '@trpc/client';
import { serverCode } from '#client/lib/trpc-error';

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

export function isUnauthorized(error: unknown): boolean {
  return serverCode(error) === 'UNAUTHORIZED';
}

export function isNotFound(error: unknown): boolean {
  return serverCode(error) === 'NOT_FOUND';
}

/** A change refused because the thing is no longer in a state that allows it (409). */
export function isConflict(error: unknown): boolean {
  return serverCode(error) === 'CONFLICT';
}

/** Input the server refused (400), e.g. a test copy with no address to go to. */
export function isBadRequest(error: unknown): boolean {
  return serverCode(error) === 'BAD_REQUEST';
}

/**
 * The meta of a mutation whose 401 is an answer, not a session end: changing the password or
 * the e-mail address answers a wrong password with 401 (it counts against the login throttle
 * like a failed sign-in). The shell's 401 watcher (admin-shell.tsx) leaves such mutations
 * alone; their own error handler asks the server whether the session still lives
 * (`useExplainRefusal` in account/account-session.ts) and only then calls it a wrong password.
 * A message check would have been shorter, but it would tie the page to the server's wording.
 */
export const OWN_UNAUTHORIZED = { ownUnauthorized: true } as const;

export function handlesOwnUnauthorized(meta: Record<string, unknown> | undefined): boolean {
  return meta?.['ownUnauthorized'] === true;
}
