import { and, eq, isNotNull, lt } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Db } from '../../../db';
import { totpCredentials } from '../../../db/schema';
import { openTotpSecret, sealTotpSecret } from './totp-secret';

/** Seconds per code: what every authenticator app uses by default. */
export const TOTP_PERIOD_S = 30;

/** The 30-second step a moment falls in (the counter the app's code is made from). */
export function totpStepAt(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_S);
}

/** A fresh 160-bit base32 secret and its sealed form for the database. */
export function newTotpSecret(sessionSecret: string, userId: number) {
  const secret = generateSecret();
  return { secret, sealed: sealTotpSecret(sessionSecret, userId, secret) };
}

/** The otpauth:// address an app reads from the QR code: issuer the site's name, label the username. */
export function otpauthUrl(issuer: string, username: string, secret: string): string {
  return generateURI({ issuer, label: username, secret, period: TOTP_PERIOD_S });
}

/**
 * The step of the code if it is the app's code for step t-1, t or t+1 (a clock up to 30 s
 * off either way) and that step is later than `afterStep`, the last one accepted; else null.
 */
export async function matchingStep(
  secret: string,
  code: string,
  now: Date,
  afterStep: number,
): Promise<number | null> {
  // Every step of the window already used: nothing to try (otplib refuses such a call).
  if (afterStep >= totpStepAt(now) + 1) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    period: TOTP_PERIOD_S,
    epochTolerance: TOTP_PERIOD_S,
    afterTimeStep: afterStep,
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** The user's authenticator row, set up or enabled. */
export function totpRow(db: Db, userId: number) {
  return db.select().from(totpCredentials).where(eq(totpCredentials.userId, userId)).get();
}

/** Whether sign-in asks this user for the app's code. */
export async function totpEnabled(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .select({ userId: totpCredentials.userId })
    .from(totpCredentials)
    .where(and(eq(totpCredentials.userId, userId), isNotNull(totpCredentials.enabledAt)))
    .get();
  return row !== undefined;
}

/**
 * Checks a code against the user's app (enabled or, with `pending`, being set up) inside
 * the caller's write transaction, and on a match stores its step as the last one used: the
 * UPDATE only moves the step forward, so of two requests racing with one code, one wins.
 */
export async function acceptTotpCode(
  tx: Db,
  sessionSecret: string,
  userId: number,
  code: string,
  now: Date,
  opts: { pending?: boolean } = {},
): Promise<boolean> {
  const row = await totpRow(tx, userId);
  if (!row || (row.enabledAt === null) !== (opts.pending ?? false)) return false;
  const secret = openTotpSecret(sessionSecret, userId, row.secret);
  if (secret === null) return false;
  const step = await matchingStep(secret, code, now, row.lastStep);
  if (step === null) return false;
  const moved = await tx
    .update(totpCredentials)
    .set({ lastStep: step })
    .where(and(eq(totpCredentials.userId, userId), lt(totpCredentials.lastStep, step)))
    .returning({ userId: totpCredentials.userId })
    .all();
  return moved.length === 1;
}
