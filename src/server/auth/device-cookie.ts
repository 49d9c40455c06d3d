import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { parse, serialize } from 'hono/utils/cookie';
import { wellFormed } from '../../shared/validation';
import type { Context } from '../http/trpc';
import { deviceCookieKey } from './keys';

/**
 * Device cookies (docs/decisions/0030): after a full sign-in the browser gets a signed note
 * "this browser signed in as <name>", valid a year. The login throttle counts the attempts
 * that carry one per name and device instead of per name, so guesses from elsewhere that
 * lock the name for unknown browsers do not lock out its owner's own browser.
 *
 * Like the session cookie, it is `__Host-` prefixed in production (Secure, Path=/, no Domain:
 * no sibling subdomain can plant one).
 */
export function deviceCookieName(production: boolean): string {
  return production ? '__Host-admin_device' : 'admin_device';
}
export const DEVICE_COOKIE_TTL_MS = 365 * 24 * 60 * 60_000;

/** The name as the throttle keys it: case-folded, trimmed, well formed. */
export function foldedUsername(username: string): string {
  return wellFormed(username.trim().toLowerCase());
}

function mac(secret: string, body: string): Buffer {
  return createHmac('sha256', deviceCookieKey(secret)).update(body).digest();
}

/** `<name, base64url>.<device id>.<HMAC of both>` */
function cookieValue(secret: string, username: string, deviceId: string): string {
  const body = `${Buffer.from(foldedUsername(username)).toString('base64url')}.${deviceId}`;
  return `${body}.${mac(secret, body).toString('base64url')}`;
}

/**
 * The device id of the request's device cookie when it is genuine and names this user;
 * null for none, a tampered one, or another user's (those count as no cookie at all).
 */
export function deviceIdFor(ctx: Context, username: string): string | null {
  const header = ctx.req.headers.get('cookie');
  if (!header || !username.trim()) return null;
  const name = deviceCookieName(ctx.config.production);
  const value = parse(header, name)[name];
  const parts = value?.split('.');
  if (!parts || parts.length !== 3) return null;
  const [encodedName = '', deviceId = '', given = ''] = parts;
  if (!/^[\w-]{16,64}$/.test(deviceId)) return null;
  const expected = mac(ctx.config.sessionSecret, `${encodedName}.${deviceId}`);
  const received = Buffer.from(given, 'base64url');
  if (received.length !== expected.length || !timingSafeEqual(received, expected)) return null;
  const named = Buffer.from(encodedName, 'base64url').toString();
  return named === foldedUsername(username) ? deviceId : null;
}

/**
 * Sets (renews for a year) the device cookie after a full sign-in: the browser's existing
 * device id for this user is kept, otherwise a new random one is drawn.
 */
export function setDeviceCookie(ctx: Context, username: string): void {
  const deviceId = deviceIdFor(ctx, username) ?? randomBytes(16).toString('base64url');
  ctx.resHeaders.append(
    'Set-Cookie',
    serialize(
      deviceCookieName(ctx.config.production),
      cookieValue(ctx.config.sessionSecret, username, deviceId),
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
