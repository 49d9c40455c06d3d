import { asc, count, eq } from 'drizzle-orm';
import { z } from 'zod/mini';
import { writeTransaction, type Db } from '../../../db';
import { users } from '../../../db/schema';
import { newPasswordProblem } from '../../shared/account';
import { LIMITS } from '../../shared/constants';
import { clearLoginFailures } from '../auth/login-throttle';
import { endAllSessionsOf } from '../auth/session';
import { hashPassword } from '../auth/passwords';

/** A refusal meant for the person at the keyboard; its message is printed as is. */
export class UserError extends Error {}

export interface UserSummary {
  username: string;
  email: string | null;
}

const emailSchema = z.email().check(z.maxLength(LIMITS.emailMax));

function checkUsername(username: string): string {
  if (!/^[^\s]+$/.test(username) || username.length > LIMITS.usernameMax) {
    throw new UserError(
      `username must be 1 to ${LIMITS.usernameMax} characters without spaces, got "${username}"`,
    );
  }
  return username;
}

/** The Account screen's rule (shared/account.ts), with its messages. */
export function checkPassword(password: string): string {
  const problem = newPasswordProblem(password);
  if (problem) throw new UserError(problem);
  return password;
}

function checkEmail(email: string): string {
  if (!emailSchema.safeParse(email).success) {
    throw new UserError(`"${email}" is not a valid e-mail address`);
  }
  return email;
}

function findUser(db: Db, username: string) {
  return db.select().from(users).where(eq(users.username, username)).get();
}

export async function userExists(db: Db, username: string): Promise<boolean> {
  return (await findUser(db, username)) !== undefined;
}

async function requireUser(db: Db, username: string) {
  const user = await findUser(db, username);
  if (!user) throw new UserError(`user "${username}" does not exist`);
  return user;
}

export async function addUser(
  db: Db,
  input: { username: string; password: string; email?: string | null },
  now: Date,
): Promise<void> {
  const username = checkUsername(input.username);
  checkPassword(input.password);
  const email = input.email ? checkEmail(input.email) : null;
  if (await findUser(db, username)) throw new UserError(`user "${username}" already exists`);
  const password = await hashPassword(input.password);
  // Re-checked after the slow hash: another process may have added the name meanwhile.
  const inserted = await writeTransaction(db, (tx) =>
    tx
      .insert(users)
      .values({ username, password, email, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: users.id })
      .get(),
  );
  if (!inserted) throw new UserError(`user "${username}" already exists`);
}

/**
 * Sets a new password, ends every session of the user (copied cookies stop working) and
 * lifts a lock on the name from failed sign-ins. One transaction, so no session can be
 * started between the two (a login in flight re-checks the stored hash when it creates its
 * session).
 */
export async function setPassword(db: Db, username: string, password: string): Promise<void> {
  const user = await requireUser(db, username);
  checkPassword(password);
  const hash = await hashPassword(password);
  await writeTransaction(db, async (tx) => {
    await tx.update(users).set({ password: hash }).where(eq(users.id, user.id));
    await endAllSessionsOf(tx, user.id);
    // The way in for a locked-out owner: the name's failed sign-ins are forgotten.
    await clearLoginFailures(tx, user.username);
  });
}

/**
 * Without an address the user signs in with the password alone. Turning the second factor
 * on or off also ends the user's sessions: they were started under the other rule.
 */
export async function setEmail(db: Db, username: string, email: string | null): Promise<void> {
  const user = await requireUser(db, username);
  const checked = email ? checkEmail(email) : null;
  await writeTransaction(db, async (tx) => {
    await tx.update(users).set({ email: checked }).where(eq(users.id, user.id));
    await endAllSessionsOf(tx, user.id);
  });
}

export async function removeUser(db: Db, username: string): Promise<void> {
  const user = await requireUser(db, username);
  await writeTransaction(db, async (tx) => {
    await endAllSessionsOf(tx, user.id);
    await tx.delete(users).where(eq(users.id, user.id));
  });
}

export async function listUsers(db: Db): Promise<UserSummary[]> {
  return db
    .select({ username: users.username, email: users.email })
    .from(users)
    .orderBy(asc(users.username))
    .all();
}

export async function countUsers(db: Db): Promise<number> {
  return (await db.select({ n: count() }).from(users).get())?.n ?? 0;
}

/**
 * ADMIN_USERNAME / ADMIN_PASSWORD (/ ADMIN_EMAIL) create the first user, and only while no
 * user exists: the variables can stay set without resetting anyone's password later.
 */
export async function ensureInitialAdmin(
  db: Db,
  initial: { username: string; password: string; email: string | null } | null,
  now: Date,
): Promise<string | null> {
  if (!initial || (await countUsers(db)) > 0) return null;
  try {
    await addUser(db, initial, now);
  } catch (error) {
    // Several instances starting together on one database: one of them creates the user.
    if (error instanceof UserError && (await userExists(db, initial.username))) return null;
    throw error;
  }
  return initial.username;
}
