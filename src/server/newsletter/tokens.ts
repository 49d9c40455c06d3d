import { createHmac } from 'node:crypto';
import { CONFIRMATION_VALID_DAYS } from '#shared/newsletter';
import { unsubscribeTokenKey } from '#server/platform/keys';
import { newToken } from '#server/platform/tokens';
import { DAY_MS } from '#shared/calendar-days';

export { tokenHash } from '#server/platform/tokens';

/**
 * The newsletter's link tokens (docs/decisions/0026). Both are 32 bytes in base64url
 * (43 characters) and only their SHA-256 is stored.
 *
 * - A confirmation token is random, made for one mail and valid 7 days.
 * - An unsubscribe token never expires and goes into every newsletter, which is sent long
 *   after the row was written: it is an HMAC of the address under a key derived from
 *   SESSION_SECRET, so each mail can carry it while the database holds only its hash.
 */
export const CONFIRMATION_TTL_MS = CONFIRMATION_VALID_DAYS * DAY_MS;

/** As random and as long as a session id: the same generator. */
export const newConfirmationToken = newToken;

export function unsubscribeToken(secret: string, email: string): string {
  return createHmac('sha256', unsubscribeTokenKey(secret))
    .update(email.toLowerCase())
    .digest('base64url');
}
