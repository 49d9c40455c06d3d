/**
 * Backups in an S3-compatible bucket (BACKUP_S3_URL, BACKUP_S3_ENDPOINT): path-style
 * addresses, so MinIO, Ceph, R2, B2 and the like work as AWS does. Credentials come from
 * AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, else the SDK's own chain (an instance role).
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { BackupS3Config } from '#server/platform/backup-config';
import { isBackupKey, MANIFEST_SUFFIX, type BackupStore, type StoredBackup } from './store';

export function s3Store(config: BackupS3Config): BackupStore {
  const client = new S3Client({
    region: config.region,
    forcePathStyle: true,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // One try per call: a failed put makes the run fail and the next run tries again.
    maxAttempts: 2,
    // Checksums only where S3 requires them: many S3-compatible stores refuse the newer
    // SDK's default chunked CRC trailers. The backup's own SHA-256 is checked on read-back.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const objectKey = (key: string) => (config.prefix ? `${config.prefix}/${key}` : key);
  const place = `s3://${config.bucket}${config.prefix ? `/${config.prefix}` : ''}`;
  return {
    place,
    async put(key, file) {
      const { size } = await stat(file);
      await client.send(
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
      const answer = await client.send(
        new GetObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }),
      );
      if (!(answer.Body instanceof Readable)) throw new Error(`${place}: empty answer for ${key}`);
      await pipeline(answer.Body, createWriteStream(file, { mode: 0o600 }));
    },
    async list() {
      const found: StoredBackup[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
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
      for (const name of [key, `${key}${MANIFEST_SUFFIX}`]) {
        await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: objectKey(name) }));
      }
    },
  };
}
