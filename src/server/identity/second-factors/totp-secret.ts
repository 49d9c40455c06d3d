import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { totpSecretKey } from '#server/platform/keys';

/** Marks the format, so a later change of cipher or key can tell old rows apart. */
const VERSION = 'v1';

/**
 * Seals an authenticator secret for the database with AES-256-GCM under a key derived from
 * SESSION_SECRET (docs/decisions/0034): a copy of the database alone yields no codes. The
 * user id is bound in as associated data, so a sealed secret moved to another row does not open.
 */
export function sealTotpSecret(sessionSecret: string, userId: number, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', totpSecretKey(sessionSecret), iv);
  cipher.setAAD(Buffer.from(`totp:${userId}`));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url'));
  return [VERSION, ...parts].join('.');
}

/** The base32 secret, or null when the sealed text does not open (another SESSION_SECRET). */
export function openTotpSecret(
  sessionSecret: string,
  userId: number,
  sealed: string,
): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      totpSecretKey(sessionSecret),
      Buffer.from(iv, 'base64url'),
    );
    decipher.setAAD(Buffer.from(`totp:${userId}`));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null;
  }
}
