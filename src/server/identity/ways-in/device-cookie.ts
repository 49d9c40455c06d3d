import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { parse, serialize } from 'hono/utils/cookie';
import { wellFormed } from '#shared/validation';
import type { Context } from '#server/http/trpc';
import { deviceCookieKey } from '#server/platform/keys';
import { DAY_MS } from '#shared/calendar-days';

/**
 * Device cookies (docs/decisions/0030): after a full sign-in the browser gets a signed note
 * "this browser signed in as user <id> with their current password", valid a year. The login
 * throttle counts the attempts that carry one per device instead of per name (and all of a
 * user's devices together, per day), so guesses from elsewhere that lock the name for
 * unknown browsers do not lock out its owner's own browser.
 *
 * Like the session cookie, it is `__Host-` prefixed in production (Secure, Path=/, no Domain:
 * no sibling subdomain can plant one).
 */
export function deviceCookieName(production: boolean): string {
  return production ? '__Host-admin_device' : 'admin_device';
}
export const DEVICE_COOKIE_TTL_MS = 365 * DAY_MS;

/** The name as the throttle keys it: case-folded, trimmed, well formed. */
export function foldedUsername(username: string): string {
  return wellFormed(username.trim().toLowerCase());
}

/** The user a device cookie is checked against: as stored now. */
export interface DeviceOwner {
  id: number;
  username: string;
  /** The stored password hash: a cookie made under another one counts as none. */
  password: string;
}

/**
 * Signed over the user id (a later user of the same name is another person), the case-folded
 * name, the device id and a short digest of the stored password hash: a new password (the
 * Account screen or the command line) or the user's removal revokes every device cookie.
 */
function mac(secret: string, owner: DeviceOwner, deviceId: string): Buffer {
  const digest = createHash('sha256').update(owner.password).digest('base64url').slice(0, 22);
  return createHmac('sha256', deviceCookieKey(secret))
    .update(`${owner.id}\n${foldedUsername(owner.username)}\n${deviceId}\n${digest}`)
    .digest();
}

/** `<user id>.<device id>.<HMAC>` */
function cookieValue(secret: string, owner: DeviceOwner, deviceId: string): string {
  return `${owner.id}.${deviceId}.${mac(secret, owner, deviceId).toString('base64url')}`;
}

/**
 * The device id of the request's device cookie when it is genuine and was made for this user
 * under their current password; null for none, a tampered one, another user's, or one from
 * before a password change (those count as no cookie at all).
 */
export function deviceIdFor(ctx: Context, owner: DeviceOwner | undefined): string | null {
  const header = ctx.req.headers.get('cookie');
  if (!header || !owner?.password) return null;
  const name = deviceCookieName(ctx.config.production);
  const parts = parse(header, name)[name]?.split('.');
  if (!parts || parts.length !== 3) return null;
  const [userId = '', deviceId = '', given = ''] = parts;
  if (userId !== String(owner.id) || !/^[\w-]{16,64}$/.test(deviceId)) return null;
  const expected = mac(ctx.config.sessionSecret, owner, deviceId);
  const received = Buffer.from(given, 'base64url');
  if (received.length !== expected.length || !timingSafeEqual(received, expected)) return null;
  return deviceId;
}

/**
 * Sets (renews for a year) the device cookie after a full sign-in: the browser's existing
 * device id for this user is kept, otherwise a new random one is drawn.
 */
export function setDeviceCookie(ctx: Context, owner: DeviceOwner): void {
  const deviceId = deviceIdFor(ctx, owner) ?? randomBytes(16).toString('base64url');
  ctx.resHeaders.append(
    'Set-Cookie',
    serialize(
      deviceCookieName(ctx.config.production),
      cookieValue(ctx.config.sessionSecret, owner, deviceId),
      {
        path: '/',
        httpOnly: true,
        sameSite: 'Lax',
        secure: ctx.config.production,
        maxAge: DEVICE_COOKIE_TTL_MS / 1000,
      },
    ),
  );
}
