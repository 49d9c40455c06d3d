/**
 * What every reader of the environment's settings shares (platform/config.ts): the error that
 * stops the start with one line naming the variable, and the checks several settings make.
 */
import { isIP } from 'node:net';

/** A configuration value that stops the start; its message names the variable. */
export class ConfigError extends Error {}

export type Env = Record<string, string | undefined>;

/** One @ with something on each side: `no-reply@localhost`, the default, is an address too. */
const EMAIL_RE = /^[^\s@]+@[^\s@]+$/;

export function parseEmail(name: string, raw: string | undefined): string | null {
  if (!raw) return null;
  if (!EMAIL_RE.test(raw)) throw new ConfigError(`${name} must be an e-mail address`);
  return raw;
}

/** Loopback listen addresses, whose default site address is `localhost`. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || (isIP(host) === 4 && host.startsWith('127.'));
}
