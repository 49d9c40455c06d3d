/**
 * BACKUP_* (docs/operations.md, "Backups"): where the scheduled, verified backups of the
 * embedded file go, how often, how many are kept. Read by config.ts; a bad value stops the
 * start with one line naming the variable.
 */
import type { DatabaseTarget } from '#db';

export interface BackupS3Config {
  bucket: string;
  /** Key prefix without leading or trailing slash ('' for the bucket's root). */
  prefix: string;
  /** BACKUP_S3_ENDPOINT: any S3-compatible store; null: AWS itself. */
  endpoint: string | null;
  region: string;
  /** From AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY; null: the SDK's own chain. Never logged. */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
}

export interface BackupConfig {
  /** BACKUP_DIR, absolute; null: no folder. */
  dir: string | null;
  s3: BackupS3Config | null;
  everyHours: number;
  keep: number;
}

export class BackupConfigError extends Error {}

type Env = Record<string, string | undefined>;

function positiveNumber(name: string, raw: string | undefined, fallback: number, max: number) {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || value > max) {
    throw new BackupConfigError(
      `${name} must be a number above 0 and at most ${max}, got "${raw}"`,
    );
  }
  return value;
}

function parseS3(env: Env): BackupS3Config | null {
  const raw = env.BACKUP_S3_URL?.trim();
  if (!raw) {
    if (env.BACKUP_S3_ENDPOINT?.trim()) {
      throw new BackupConfigError('BACKUP_S3_ENDPOINT needs BACKUP_S3_URL (s3://bucket/prefix)');
    }
    return null;
  }
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(raw);
  if (!match) {
    throw new BackupConfigError(`BACKUP_S3_URL must look like s3://bucket/prefix, got "${raw}"`);
  }
  const prefix = (match[2] ?? '').replace(/^\/+|\/+$/g, '');
  let endpoint: string | null = null;
  const rawEndpoint = env.BACKUP_S3_ENDPOINT?.trim();
  if (rawEndpoint) {
    let url: URL;
    try {
      url = new URL(rawEndpoint);
    } catch {
      throw new BackupConfigError('BACKUP_S3_ENDPOINT must be an http:// or https:// address');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new BackupConfigError('BACKUP_S3_ENDPOINT must be an http:// or https:// address');
    }
    endpoint = url.origin;
  }
  const accessKeyId = env.AWS_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.AWS_SECRET_ACCESS_KEY?.trim();
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new BackupConfigError(
      'AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together for BACKUP_S3_URL',
    );
  }
  return {
    bucket: match[1]!,
    prefix,
    endpoint,
    region: env.AWS_REGION?.trim() || 'us-east-1',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : null,
  };
}

/**
 * The backup settings, or null when neither BACKUP_DIR nor BACKUP_S3_URL is set. With
 * DATABASE_URL they are read and checked all the same but unused: the libSQL server's own
 * backups apply (the server says so once in its log).
 */
export function parseBackupConfig(
  env: Env,
  database: DatabaseTarget,
  resolve: (p: string) => string,
): BackupConfig | null {
  const everyHours = positiveNumber('BACKUP_EVERY_HOURS', env.BACKUP_EVERY_HOURS, 24, 24 * 365);
  const keep = positiveNumber('BACKUP_KEEP', env.BACKUP_KEEP, 14, 10_000);
  if (!Number.isInteger(keep)) {
    throw new BackupConfigError(`BACKUP_KEEP must be a whole number, got "${env.BACKUP_KEEP}"`);
  }
  const rawDir = env.BACKUP_DIR?.trim();
  const s3 = parseS3(env);
  if (!rawDir && !s3) return null;
  if ('file' in database && database.file === ':memory:') {
    throw new BackupConfigError('BACKUP_DIR/BACKUP_S3_URL need a database file, not :memory:');
  }
  return { dir: rawDir ? resolve(rawDir) : null, s3, everyHours, keep };
}
