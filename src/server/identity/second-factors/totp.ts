import { and, eq, isNotNull, lt } from 'drizzle-orm';
import type { Db } from '#db';
import { totpCredentials } from '#db/schema';
import { openTotpSecret, sealTotpSecret } from './totp-secret';

/** Seconds per code: what every authenticator app uses by default. */
export const TOTP_PERIOD_S = 30;

/** The 30-second step a moment falls in (the counter the app's code is made from). */
export function totpStepAt(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_S);
}

/**
 * otplib and its hashes, loaded with the first code made or checked, not at the start
 * (docs/operations.md, "Start-up time").
 */
export const otplib = () => import('otplib');

/** A fresh 160-bit base32 secret and its sealed form for the database. */
export async function newTotpSecret(sessionSecret: string, userId: number) {
  const secret = (await otplib()).generateSecret();
  return { secret, sealed: sealTotpSecret(sessionSecret, userId, secret) };
}

/**
 * The otpauth:// address an app reads from the QR code: issuer the site's name, label the
 * username. The label is `issuer:username`, so a colon in the company's name would make the
 * app split it in the wrong place: it becomes a space (docs/second-factor.md).
 */
export async function otpauthUrl(
  issuer: string,
  username: string,
  secret: string,
): Promise<string> {
  const safeIssuer = issuer.replace(/:/g, ' ').replace(/\s+/g, ' ').trim();
  return (await otplib()).generateURI({
    issuer: safeIssuer,
    label: username,
    secret,
    period: TOTP_PERIOD_S,
  });
}

/**
 * The step of the code if it is the app's code for step t-1, t or t+1 (a clock up to 30 s
 * off either way); else null. Whether that step was already used is the caller's UPDATE's
 * to decide (`acceptTotpCode`): one place, inside the write that records it.
 */
export async function matchingStep(
  secret: string,
  code: string,
  now: Date,
): Promise<number | null> {
  const { verify } = await otplib();
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    period: TOTP_PERIOD_S,
    epochTolerance: TOTP_PERIOD_S,
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

/** What checking the app's code needs besides the database: the key, and a way to report. */
export interface TotpCodeOptions {
  sessionSecret: string;
  /** Called when the stored secret does not open (SESSION_SECRET changed; docs/second-factor.md). */
  unreadable: (userId: number) => void;
  /** Check a set-up not yet confirmed instead of an app that is on. */
  pending?: boolean;
}

/**
 * Checks a code against the user's app (enabled or, with `pending`, being set up) inside
 * the caller's write transaction, and on a match stores its step as the last one used. The
 * UPDATE only moves the step forward: it is what makes each code work once (a code of the
 * last step used or an earlier one changes no row), and of two requests racing with one
 * code, one wins.
 */
export async function acceptTotpCode(
  tx: Db,
  opts: TotpCodeOptions,
  userId: number,
  code: string,
  now: Date,
): Promise<boolean> {
  const row = await totpRow(tx, userId);
  if (!row || (row.enabledAt === null) !== (opts.pending ?? false)) return false;
  const secret = openTotpSecret(opts.sessionSecret, userId, row.secret);
  if (secret === null) {
    opts.unreadable(userId);
    return false;
  }
  const step = await matchingStep(secret, code, now);
  if (step === null) return false;
  const moved = await tx
    .update(totpCredentials)
    .set({ lastStep: step })
    .where(and(eq(totpCredentials.userId, userId), lt(totpCredentials.lastStep, step)))
    .returning({ userId: totpCredentials.userId })
    .all();
  return moved.length === 1;
}
