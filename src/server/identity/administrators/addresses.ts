import { and, eq, isNotNull, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '#db';
import { users } from '#db/schema';

/**
 * The administrators and their addresses, as every other part reads them: identity's
 * screens, the newsletter's test send, the MCP grants' notices. The one place outside the
 * sign-in and account rules that selects an administrator's address (docs/accounts.md); the
 * leads ask it whether an address is an administrator's (docs/leads.md, "The site's own
 * addresses").
 */

/**
 * The administrator's sign-in address now, or null when they have none (or are gone). Read
 * inside the caller's transaction when the change it tells of is written there.
 */
export async function addressOf(db: Db, administratorId: number): Promise<string | null> {
  const row = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, administratorId))
    .get();
  return row?.email ?? null;
}

/**
 * The administrators with an address, all but `exceptId`: the ones told of a change to the
 * list of administrators. Invitees who have not chosen a password yet are not administrators.
 */
export async function addressedAdministrators(
  db: Db,
  exceptId: number,
): Promise<{ username: string; email: string | null }[]> {
  return await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(and(ne(users.id, exceptId), ne(users.password, ''), isNotNull(users.email)))
    .all();
}

/** Whether `email` (compared ignoring case) is an administrator's address. */
export async function isAdministratorAddress(db: Db, email: string): Promise<boolean> {
  const administrator = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .get();
  return administrator !== undefined;
}

/**
 * The condition "no administrator has this address", for a statement of a write batch: a
 * public form makes no read before its batch (docs/decisions/0025), so the check is part of
 * the statement that makes the lead.
 */
export function notAdministratorAddress(email: SQL | Placeholder | string): SQL {
  return sql`not exists (select 1 from ${users} where lower(${users.email}) = lower(trim(${email})))`;
}
