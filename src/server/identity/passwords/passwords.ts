import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { PASSWORD_COST as COST } from './scrypt-cost';

/*
 * The stored string carries scrypt's parameters, so raising the cost later still verifies old
 * hashes: `scrypt$ln=17,r=8,p=1$<salt>$<key>` (base64url).
 */
/** The costs a stored hash may name (a hand-edited row with an absurd one must not tie up memory). */
const LN_RANGE = { min: 10, max: 20 } as const;
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;
/** scrypt needs 128 * N * r bytes (128 MiB here); Node's default cap is 32 MiB. */
const MAX_MEMORY = 256 * 1024 * 1024;

/**
 * A valid hash of a random password nobody knows. Checking an unknown username against it
 * costs the same as checking a wrong password, so response times do not reveal usernames.
 */
export const DUMMY_HASH = `scrypt$ln=${COST.ln},r=${COST.r},p=${COST.p}$${randomBytes(SALT_LENGTH).toString('base64url')}$${randomBytes(KEY_LENGTH).toString('base64url')}`;

function deriveKey(
  password: string,
  salt: Buffer,
  keyLength: number,
  options: ScryptOptions,
): Promise<Buffer> {
  // The async form runs on libuv's thread pool, so a sign-in never blocks other requests.
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export type ScryptCost = { readonly ln: number; readonly r: number; readonly p: number };

/**
 * A new hash at the production cost. `cost` exists for the tests' fixtures, whose many
 * sign-ins would otherwise spend minutes in scrypt; the server never passes it.
 */
export async function hashPassword(password: string, cost: ScryptCost = COST): Promise<string> {
  // A hash outside the range would be refused at every sign-in.
  if (cost.ln < LN_RANGE.min || cost.ln > LN_RANGE.max) {
    throw new RangeError(`scrypt cost ln=${cost.ln} is outside ${LN_RANGE.min}-${LN_RANGE.max}`);
  }
  const salt = randomBytes(SALT_LENGTH);
  const key = await deriveKey(password, salt, KEY_LENGTH, {
    N: 2 ** cost.ln,
    r: cost.r,
    p: cost.p,
    maxmem: MAX_MEMORY,
  });
  return `scrypt$ln=${cost.ln},r=${cost.r},p=${cost.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

interface ParsedHash {
  ln: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parseHash(encoded: string): ParsedHash | null {
  const match = /^scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([\w-]+)\$([\w-]+)$/.exec(encoded);
  if (!match) return null;
  const [, ln, r, p, salt, key] = match;
  if (!ln || !r || !p || !salt || !key) return null;
  if (Number(ln) < LN_RANGE.min || Number(ln) > LN_RANGE.max) return null;
  return {
    ln: Number(ln),
    r: Number(r),
    p: Number(p),
    salt: Buffer.from(salt, 'base64url'),
    key: Buffer.from(key, 'base64url'),
  };
}

/** True when the password matches; a malformed stored value never matches. */
export async function verifyPassword(encoded: string, password: string): Promise<boolean> {
  const parsed = parseHash(encoded);
  // Still pay for one derivation, so a broken row is not told apart by its speed.
  const target = parsed ?? parseHash(DUMMY_HASH);
  if (!target) return false;
  const key = await deriveKey(password, target.salt, target.key.length, {
    N: 2 ** target.ln,
    r: target.r,
    p: target.p,
    maxmem: MAX_MEMORY,
  });
  return parsed !== null && timingSafeEqual(key, target.key);
}
