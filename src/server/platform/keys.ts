import { hkdfSync } from 'node:crypto';

/** Fixed, public salt: it only separates this application's keys from other uses of a secret. */
const SALT = 'ai-consultancy-site/session-secret';

function derive(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, SALT, purpose, 32));
}

/**
 * One key per use, derived from SESSION_SECRET with HKDF, so the secret itself keys nothing:
 * a weakness or leak in one use (a seal, a stored code hash) tells nothing about another.
 */
export function cookieSealKey(secret: string): string {
  // iron-session takes a password string of 32+ characters; 32 bytes in base64url are 43.
  return derive(secret, 'session-cookie-seal v1').toString('base64url');
}

/** Seals the passkey ceremony's challenge cookie (identity/passkeys/challenge-cookie.ts). */
export function webauthnChallengeKey(secret: string): string {
  return derive(secret, 'webauthn-challenge-seal v1').toString('base64url');
}

export function codeHashKey(secret: string): Buffer {
  return derive(secret, 'two-factor-code-hash v1');
}

/** Keys the newsletter's unsubscribe tokens (newsletter/tokens.ts). */
export function unsubscribeTokenKey(secret: string): Buffer {
  return derive(secret, 'newsletter-unsubscribe-token v1');
}

/** Signs the device cookies that let a known browser past a locked name (identity/ways-in/device-cookie.ts). */
export function deviceCookieKey(secret: string): Buffer {
  return derive(secret, 'device-cookie-mac v1');
}

/** Seals the authenticator apps' secrets at rest (identity/second-factors/totp-secret.ts). */
export function totpSecretKey(secret: string): Buffer {
  return derive(secret, 'totp-secret-seal v1');
}

/** Keys the stored hashes of recovery codes (identity/second-factors/recovery-codes.ts). */
export function recoveryCodeHashKey(secret: string): Buffer {
  return derive(secret, 'recovery-code-hash v1');
}

/**
 * Keys the throttle's buckets for what must not be readable in the database: client addresses
 * and names typed at sign-in that match nobody (platform/throttle-buckets.ts).
 */
export function throttleBucketKey(secret: string): Buffer {
  return derive(secret, 'throttle-bucket-key v1');
}

/**
 * Signs the VERP token in a bulk mail's Return-Path, so a bounce names its mail and a stranger
 * cannot forge one that suppresses someone else (mail/deliverability/verp.ts).
 */
export function bounceTokenKey(secret: string): Buffer {
  return derive(secret, 'verp-bounce-token v1');
}

/**
 * Seals a waiting mail's text, headers and files in the outbox (mail/outbox/outbox-seal.ts):
 * the links and codes a mail carries are never written to the database in clear.
 */
export function outboxSealKey(secret: string): Buffer {
  return derive(secret, 'outbox-message-seal v1');
}

/**
 * Authenticates a backup's manifest (backups/manifest.ts): a backup restores only with a
 * manifest this site made, and the key is not in the backup.
 */
export function backupManifestKey(secret: string): Buffer {
  return derive(secret, 'backup-manifest-mac v1');
}
