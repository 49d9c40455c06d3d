/**
 * The site's own addresses (docs/leads.md, "The site's own addresses"): MAIL_FROM, REPLY_TO,
 * CONTACT_NOTIFY_TO and every administrator's. The site's own mail lands in the watched mailbox
 * (a sign-in code, a notification), so mail from these never joins a lead by its sender, and no
 * lead is made for them: a stranger's lead with the owner's address would collect that mail.
 */
import type { Db } from '#db';
import type { Config } from '#server/platform/config';
import { isAdministratorAddress } from '#server/identity/administrators/addresses';

export type OwnAddressConfig = Pick<Config, 'mailFrom' | 'replyTo' | 'contactNotifyTo'>;

/** Whether `email` (compared ignoring case) is one of the addresses the settings name. */
export function isConfiguredAddress(config: OwnAddressConfig, email: string): boolean {
  const lower = email.trim().toLowerCase();
  const configured = [config.mailFrom, config.replyTo, config.contactNotifyTo];
  return configured.some((address) => address?.toLowerCase() === lower);
}

/** Whether `email` (compared ignoring case) is one of the site's own addresses. */
export async function isOwnAddress(
  db: Db,
  config: OwnAddressConfig,
  email: string,
): Promise<boolean> {
  return isConfiguredAddress(config, email) || (await isAdministratorAddress(db, email));
}
