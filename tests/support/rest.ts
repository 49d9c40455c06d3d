/** Request helpers for REST tests that go through the whole app with app.request(). */
import { expect } from 'vitest';
import type { App } from '#server/app/app';
import { createTestApp, signedInCookie } from './app';

export interface RestOptions {
  /** Sent as JSON with Content-Type: application/json. */
  json?: unknown;
  /** Sent as is with Content-Type: application/json (empty or malformed bodies). */
  raw?: string;
  cookie?: string;
  /** Becomes X-Forwarded-For; the app must run with trustProxy for it to count. */
  ip?: string;
}

export interface RestResult {
  status: number;
  body: unknown;
  headers: Headers;
}

export async function rest(
  app: App,
  method: string,
  path: string,
  opts: RestOptions = {},
): Promise<RestResult> {
  const headers = new Headers();
  let body: string | undefined;
  if (opts.json !== undefined || opts.raw !== undefined) {
    headers.set('content-type', 'application/json');
    body = opts.raw ?? JSON.stringify(opts.json);
  }
  if (opts.cookie) headers.set('cookie', opts.cookie);
  if (opts.ip) headers.set('x-forwarded-for', opts.ip);
  const response = await app.request(path, { method, headers, body });
  const text = await response.text();
  return {
    status: response.status,
    body: text === '' ? undefined : (JSON.parse(text) as unknown),
    headers: response.headers,
  };
}

/** A RestResult with exactly this status and body, whatever its headers: for toEqual. */
export function answer(status: number, body: unknown) {
  return { status, body, headers: expect.any(Headers) as Headers };
}

export const UNAUTHORIZED = { success: false, message: 'Please sign in to continue' };

export function invalid(issues: { path: string; message: string }[]) {
  return { success: false, message: issues[0]?.message, issues };
}

export type AdminRest = (method: string, path: string, opts?: RestOptions) => Promise<RestResult>;

/** A fresh app with a signed-in administrator, and `asAdmin` to send requests with that session. */
export async function signedInRestApp() {
  const { app, deps } = await createTestApp();
  const cookie = await signedInCookie(deps);
  const asAdmin: AdminRest = (method, path, opts = {}) =>
    rest(app, method, path, { ...opts, cookie });
  return { app, deps, cookie, asAdmin };
}
