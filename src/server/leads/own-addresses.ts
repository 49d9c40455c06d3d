/**
 * The site's own addresses (docs/leads.md, "The site's own addresses"): MAIL_FROM, REPLY_TO,
 * CONTACT_NOTIFY_TO and every administrator's. The site's own mail lands in the watched mailbox
 * (a sign-in code, a notification), so mail from these never joins a lead by its sender, and no
 * lead is made for them: a stranger's lead with the owner's address would collect that mail.
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '#db';
import { users } from '#db/schema';
import type { Config } from '#server/platform/config';

export type OwnAddressConfig = Pick<Config, 'mailFrom' | 'replyTo' | 'contactNotifyTo'>;

/** Whether `email` (compared ignoring case) is one of the addresses the settings name. */
export function isConfiguredAddress(config: OwnAddressConfig, email: string): boolean {
  const lower = email.trim().toLowerCase();
  const configured = [config.mailFrom, config.replyTo, config.contactNotifyTo];
  return configured.some((address) => address?.toLowerCase() === lower);
}

/**
 * The condition "no administrator has this address", for a statement of a write batch: a
 * public form makes no read before its batch (docs/decisions/0025), so the check is part of
 * the statement that makes the lead.
 */
export function notAdministratorAddress(email: SQL | Placeholder | string): SQL {
  return sql`not exists (select 1 from ${users} where lower(${users.email}) = lower(trim(${email})))`;
}

/** Whether `email` (compared ignoring case) is one of the site's own addresses. */
export async function isOwnAddress(
  db: Db,
  config: OwnAddressConfig,
  email: string,
): Promise<boolean> {
  if (isConfiguredAddress(config, email)) return true;
  const administrator = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .get();
  return administrator !== undefined;
}
