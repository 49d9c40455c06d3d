/** BACKUP_* through loadConfig: defaults, the s3:// address, and one line naming a bad variable. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '#tests/support/database';
import { ConfigError, loadConfig } from './config';

const base = () => ({
  DATABASE_PATH: path.join(tempFolder('backup-config-'), 'app.db'),
  SESSION_SECRET: 'x'.repeat(40),
});

describe('BACKUP_*', () => {
  it('is off without BACKUP_DIR and BACKUP_S3_URL', () => {
    expect(loadConfig(base()).backups).toBeNull();
  });

  it('reads the folder, the bucket and prefix, the endpoint and the AWS keys, with defaults', () => {
    const config = loadConfig({
      ...base(),
      BACKUP_DIR: 'backups',
      BACKUP_S3_URL: 's3://site-backups/prod/db/',
      BACKUP_S3_ENDPOINT: 'http://127.0.0.1:9000/',
      AWS_ACCESS_KEY_ID: 'id',
      AWS_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.backups).toEqual({
      dir: path.resolve('backups'),
      s3: {
        bucket: 'site-backups',
        prefix: 'prod/db',
        endpoint: 'http://127.0.0.1:9000',
        region: 'us-east-1',
        credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      },
      everyHours: 24,
      keep: 14,
    });
  });

  it.each([
    [
      { BACKUP_DIR: 'b', BACKUP_EVERY_HOURS: 'daily' },
      'BACKUP_EVERY_HOURS must be a number above 0 and at most 8760, got "daily"',
    ],
    [{ BACKUP_DIR: 'b', BACKUP_KEEP: '2.5' }, 'BACKUP_KEEP must be a whole number, got "2.5"'],
    [
      { BACKUP_S3_URL: 'https://bucket/prefix' },
      'BACKUP_S3_URL must look like s3://bucket/prefix, got "https://bucket/prefix"',
    ],
    [
      { BACKUP_S3_URL: 's3://bucket', BACKUP_S3_ENDPOINT: 'ftp://x' },
      'BACKUP_S3_ENDPOINT must be an http:// or https:// address',
    ],
    [
      { BACKUP_S3_URL: 's3://bucket', AWS_ACCESS_KEY_ID: 'id' },
      'AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together for BACKUP_S3_URL',
    ],
  ])('stops the start with one line naming the variable: %j', (env, line) => {
    expect(() => loadConfig({ ...base(), ...env })).toThrow(new ConfigError(line));
  });
});
