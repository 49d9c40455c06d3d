/** Where the database is (DATABASE_URL or DATABASE_PATH) and the session secret kept beside it. */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { DatabaseTarget } from '#db';
import { ConfigError, type Env } from './config-values';

const LIBSQL_SCHEMES = new Set(['http:', 'https:', 'libsql:']);

/**
 * DATABASE_URL names a libSQL server shared by every instance; unset, DATABASE_PATH names
 * the embedded file (its folder created here). Used by the server and the admin CLI alike.
 */
export function databaseTarget(env: Env): DatabaseTarget {
  const url = env.DATABASE_URL?.trim();
  if (url) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new ConfigError(`DATABASE_URL must be an http://, https:// or libsql:// address`);
    }
    if (!LIBSQL_SCHEMES.has(parsed.protocol) || !parsed.hostname) {
      throw new ConfigError(`DATABASE_URL must be an http://, https:// or libsql:// address`);
    }
    return { url, authToken: env.DATABASE_AUTH_TOKEN || undefined };
  }
  const file = env.DATABASE_PATH || 'data/app.db';
  if (file !== ':memory:') createParentFolder(file);
  return { file };
}

/** The database's folder; a path under a regular file or without permission is a bad value. */
function createParentFolder(databasePath: string): void {
  try {
    mkdirSync(path.dirname(databasePath), { recursive: true });
  } catch (error) {
    throw new ConfigError(
      `DATABASE_PATH "${databasePath}": its folder cannot be created (${fsReason(error)})`,
    );
  }
}

/** The one-line reason of a file system error, e.g. "EEXIST: file already exists, mkdir '/x'". */
function fsReason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Where a generated SESSION_SECRET is kept: beside the embedded file. */
function secretFileOf(file: string): string {
  return path.join(path.dirname(file), 'session-secret');
}

/**
 * SESSION_SECRET when given, else the one kept beside the database; null when there is
 * neither. Creates nothing: for a command that must change nothing when it cannot go on
 * (`restore`, which checks a backup's manifest with a key from it).
 */
export function existingSessionSecret(
  raw: string | undefined,
  database: DatabaseTarget,
): string | null {
  if (raw !== undefined && raw !== '') {
    if (raw.length < 32) throw new ConfigError('SESSION_SECRET must be at least 32 characters');
    return raw;
  }
  if ('url' in database || database.file === ':memory:') return null;
  const file = secretFileOf(database.file);
  if (!existsSync(file)) return null;
  const stored = readFileSync(file, 'utf8').trim();
  return stored.length >= 32 ? stored : null;
}

/**
 * Uses SESSION_SECRET when given; otherwise keeps a generated secret next to the database
 * (mode 0600) so sessions survive restarts without anyone having to configure one.
 */
export function resolveSessionSecret(raw: string | undefined, database: DatabaseTarget): string {
  const existing = existingSessionSecret(raw, database);
  if (existing) return existing;
  if ('url' in database) {
    // A secret generated here would differ on every instance: no cookie would work on another.
    throw new ConfigError(
      'SESSION_SECRET is required with DATABASE_URL: every instance must share the same one',
    );
  }
  // Nothing outlives an in-memory database, sessions included.
  if (database.file === ':memory:') return randomBytes(32).toString('hex');
  const file = secretFileOf(database.file);
  const secret = randomBytes(32).toString('hex');
  try {
    writeFileSync(file, secret + '\n', { mode: 0o600 });
    chmodSync(file, 0o600);
  } catch (error) {
    throw new ConfigError(
      `SESSION_SECRET is unset and "${file}" cannot be written (${fsReason(error)})`,
    );
  }
  return secret;
}
