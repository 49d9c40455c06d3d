/**
 * Backups in an S3-compatible bucket (BACKUP_S3_URL, BACKUP_S3_ENDPOINT): path-style
 * addresses, so MinIO, Ceph, R2, B2 and the like work as AWS does. Credentials come from
 * AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, else the SDK's own chain (an instance role).
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import type { BackupS3Config } from '#server/platform/backup-config';
import { isBackupKey, MANIFEST_SUFFIX, type BackupStore, type StoredBackup } from './store';

/**
 * The SDK is loaded at the first call, not at start: a server without BACKUP_S3_URL never
 * loads it (it is large), and one with it starts as fast (docs/performance.md).
 */
const sdk = () => import('@aws-sdk/client-s3');

async function clientFor(config: BackupS3Config): Promise<S3Client> {
  const { S3Client } = await sdk();
  return new S3Client({
    region: config.region,
    forcePathStyle: true,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // One more try for a passing network fault; past it the run fails and is tried again later.
    maxAttempts: 2,
    // Checksums only where S3 requires them: many S3-compatible stores refuse the newer
    // SDK's default chunked CRC trailers. The backup's own SHA-256 is checked on read-back.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export function s3Store(config: BackupS3Config): BackupStore {
  let made: Promise<S3Client> | undefined;
  const client = () => (made ??= clientFor(config));
  const objectKey = (key: string) => (config.prefix ? `${config.prefix}/${key}` : key);
  const place = `s3://${config.bucket}${config.prefix ? `/${config.prefix}` : ''}`;
  return {
    place,
    async put(key, file) {
      const { size } = await stat(file);
      const { PutObjectCommand } = await sdk();
      await (
        await client()
      ).send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: objectKey(key),
          Body: createReadStream(file),
          ContentLength: size,
          ContentType: key.endsWith(MANIFEST_SUFFIX) ? 'application/json' : 'application/gzip',
        }),
      );
    },
    async get(key, file) {
      const { GetObjectCommand } = await sdk();
      const answer = await (
        await client()
      ).send(new GetObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
      if (!(answer.Body instanceof Readable)) throw new Error(`${place}: empty answer for ${key}`);
      await pipeline(answer.Body, createWriteStream(file, { mode: 0o600 }));
    },
    async list() {
      const { ListObjectsV2Command } = await sdk();
      const s3 = await client();
      const found: StoredBackup[] = [];
      let token: string | undefined;
      do {
        const page = await s3.send(
          new ListObjectsV2Command({
            Bucket: config.bucket,
            Prefix: config.prefix ? `${config.prefix}/` : undefined,
            ContinuationToken: token,
          }),
        );
        for (const object of page.Contents ?? []) {
          const name = (object.Key ?? '').slice(config.prefix ? config.prefix.length + 1 : 0);
          if (isBackupKey(name)) found.push({ key: name, size: object.Size ?? 0 });
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return found;
    },
    async remove(key) {
      const { DeleteObjectCommand } = await sdk();
      const s3 = await client();
      for (const name of [key, `${key}${MANIFEST_SUFFIX}`]) {
        await s3.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: objectKey(name) }));
      }
    },
  };
}
