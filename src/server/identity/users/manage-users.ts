import type { AuditVia } from '#shared/audit';
import { asc, count, eq } from 'drizzle-orm';
import { z } from 'zod/mini';
import { writeTransaction, type Db } from '#db';
import { users } from '#db/schema';
import { newPasswordProblem } from '#shared/account';
import { LIMITS } from '#shared/constants';
import { usernameField } from '#shared/users';
import { auditInsert } from '#server/audit/record';
import { clearLoginFailures } from '../ways-in/login-throttle';
import { endAllSessionsOf } from '../sessions/session-start-end';
import { UserError } from '#server/platform/errors';
import { dropInvitationsOf } from '../invitation/invitations';
import { usernameKey } from '#shared/users';
import { hashPassword } from '../passwords/passwords';
import { disableTotpFromCommandLine } from '../second-factors/totp-change';
import type { AccessTokenSummary } from '#shared/shapes/access-tokens';
import { listAccessTokens, revokeAllAccessTokens } from '../administrators/held-access-tokens';

export interface UserSummary {
  username: string;
  email: string | null;
}

const emailSchema = z.email().check(z.maxLength(LIMITS.emailMax));

/** The Administrators screen's rule (shared/users.ts), in the command line's words. */
function checkUsername(username: string): string {
  const parsed = usernameField.safeParse(username);
  if (!parsed.success) {
    throw new UserError(
      `username must be 1 to ${LIMITS.usernameMax} characters without spaces, got "${username}"`,
    );
  }
  return parsed.data;
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

/**
 * Whether a name is taken in any case: "Alice" and "alice" would be two people nobody can
 * tell apart in a list or the audit log. Run it in the write transaction that adds the user,
 * so two additions at once cannot both pass.
 */
export async function usernameTaken(db: Db, username: string): Promise<boolean> {
  // Compared here rather than with SQL's lower(), which folds ASCII letters only ("Émile" and
  // "émile" must be one name). Administrators are few: reading every name costs nothing.
  const key = usernameKey(username);
  const rows = await db.select({ username: users.username }).from(users).all();
  return rows.some((row) => usernameKey(row.username) === key);
}

/**
 * The command line's changes are audited with no actor and no address: whoever runs it has
 * the server's files, and the entry says the change did not come through the admin area.
 */
const COMMAND_LINE = { actor: null, ip: null, via: 'command_line' } as const;

async function requireUser(db: Db, username: string) {
  const user = await findUser(db, username);
  if (!user) throw new UserError(`user "${username}" does not exist`);
  return user;
}

export async function addUser(
  db: Db,
  input: { username: string; password: string; email?: string | null },
  now: Date,
  via: AuditVia = 'command_line',
): Promise<void> {
  const username = checkUsername(input.username);
  checkPassword(input.password);
  const email = input.email ? checkEmail(input.email) : null;
  if (await usernameTaken(db, username)) throw new UserError(`user "${username}" already exists`);
  const password = await hashPassword(input.password);
  // Re-checked after the slow hash: another process may have added the name meanwhile.
  const inserted = await writeTransaction(db, async (tx) => {
    if (await usernameTaken(tx, username)) return undefined;
    const row = await tx
      .insert(users)
      .values({ username, password, email, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: users.id })
      .get();
    // Joined at once, with a password: the same entry an accepted invitation writes.
    if (row)
      await auditInsert(tx, now, {
        action: 'user_joined',
        target: username,
        actor: null,
        ip: null,
        via,
      });
    return row;
  });
  if (!inserted) throw new UserError(`user "${username}" already exists`);
}

/**
 * Sets a new password, ends every session, access token and OAuth grant of the user (copied
 * cookies and tokens stop working) and lifts a lock on the name from failed sign-ins. One transaction, so no session can be
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
    await revokeAllAccessTokens(tx, user.id, new Date());
    await dropInvitationsOf(tx, user.id);
    await auditInsert(tx, new Date(), {
      action: 'password_changed',
      target: user.username,
      ...COMMAND_LINE,
    });
    // The way in for a locked-out owner: the name's failed sign-ins are forgotten.
    await clearLoginFailures(tx, user);
  });
}

/** The user's access tokens and OAuth grants that are not revoked (`tokens`), newest first. */
export async function listTokens(db: Db, username: string): Promise<AccessTokenSummary[]> {
  return listAccessTokens(db, (await requireUser(db, username)).id);
}

/** Revokes every access token and OAuth grant of the user (`revoke-tokens`): how many. */
export async function revokeTokens(db: Db, username: string): Promise<number> {
  const user = await requireUser(db, username);
  return writeTransaction(db, async (tx) => {
    const now = new Date();
    const revoked = await revokeAllAccessTokens(tx, user.id, now);
    for (const token of revoked) {
      await auditInsert(tx, now, {
        action: 'token_revoked',
        target: `${token.name} (${token.scopes.join(', ')})`,
        ...COMMAND_LINE,
      });
    }
    return revoked.length;
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
    await dropInvitationsOf(tx, user.id);
    await auditInsert(tx, new Date(), {
      action: 'email_changed',
      target: user.username,
      ...COMMAND_LINE,
    });
  });
}

/**
 * Unlike the admin area, the command line may remove the last administrator: it is the way
 * in when nobody can sign in any more (add one, then remove the locked-out one).
 */
export async function removeUser(db: Db, username: string): Promise<void> {
  const user = await requireUser(db, username);
  await writeTransaction(db, async (tx) => {
    await endAllSessionsOf(tx, user.id);
    await dropInvitationsOf(tx, user.id);
    await tx.delete(users).where(eq(users.id, user.id));
    await auditInsert(tx, new Date(), {
      action: 'user_removed',
      target: user.username,
      ...COMMAND_LINE,
    });
  });
}

/**
 * Turns the user's authenticator app off and deletes their recovery codes, for someone who
 * lost the phone and the codes (docs/second-factor.md); every session of theirs ends. Answers
 * whether the app was on (or codes were left): otherwise nothing changed, sessions included.
 */
export async function disableTotp(db: Db, username: string): Promise<boolean> {
  const user = await requireUser(db, username);
  return disableTotpFromCommandLine(db, user.id, user.username);
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
    await addUser(db, initial, now, 'server_start');
  } catch (error) {
    // Several instances starting together on one database: one of them creates the user.
    if (error instanceof UserError && (await userExists(db, initial.username))) return null;
    throw error;
  }
  return initial.username;
}
