import { withoutAddresses } from '#server/platform/mail';

/**
 * Whether a failed newsletter mail is worth trying again. SMTP says so itself: a 4xx reply
 * is "not now" (greylisting, a full queue, a rate limit), a 5xx one is "never" (no such
 * mailbox, refused). Without a reply, a connection that could not be made or broke off is
 * the network's passing trouble; anything else (a malformed message) would fail again.
 */
const CONNECTION_ERRORS = new Set([
  'ECONNECTION',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'EAI_AGAIN',
  'EPIPE',
]);

/** Tries after the first for a temporary failure, and the wait before each. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000] as const;

function field(error: unknown, name: string): unknown {
  return typeof error === 'object' && error !== null && name in error
    ? (error as Record<string, unknown>)[name]
    : undefined;
}

export function isTemporary(error: unknown): boolean {
  const responseCode = field(error, 'responseCode');
  if (typeof responseCode === 'number') return responseCode >= 400 && responseCode < 500;
  const code = field(error, 'code');
  return typeof code === 'string' && CONNECTION_ERRORS.has(code);
}

/**
 * One line for `last_error` and the log: the SMTP reply when there is one, with any e-mail
 * address in it (servers often quote the recipient) replaced, so neither keeps it.
 */
export function describeFailure(error: unknown): string {
  const response = field(error, 'response');
  const text =
    typeof response === 'string'
      ? response
      : error instanceof Error
        ? error.message
        : String(error);
  return withoutAddresses(text).replace(/\s+/g, ' ').trim().slice(0, 500);
}
