import { sendAccountNotice } from './notice-mail';
import type { AccountChange, FirstFactor } from './notice-change';
import type { SessionUser } from '../sessions/session';
import type { Context } from '#server/http/trpc';
import { addressedAdministrators } from './addresses';

/** The changes to the list of administrators that every administrator is told of. */
export type AdministratorsChange = Extract<
  AccountChange,
  { kind: 'adminInvited' | 'adminJoined' | 'adminRemoved' | 'adminFirstFactor' }
>;

/**
 * Tells every administrator with an address, the one who acted included (a stolen session
 * acts in its owner's name), that another was invited, joined or was removed, or set up
 * their account's first second factor (docs/accounts.md, "Notice e-mails"). `subjectId` is
 * the administrator it is about: never told (an invitee has their invitation; a removed one
 * is gone; the one who set up a factor did it). Invitees who have not joined
 * are not administrators yet. Each mail goes after the answer; one that fails is logged, and
 * the change stands.
 */
export async function tellAdministrators(
  ctx: Context,
  subjectId: number,
  change: AdministratorsChange,
): Promise<void> {
  let recipients: { username: string; email: string | null }[];
  try {
    recipients = await addressedAdministrators(ctx.db, subjectId);
  } catch (error) {
    // The change is stored: a notice that cannot go is logged, not the request's failure.
    ctx.logger.error('account.notice_failed', {
      requestId: ctx.req.requestId,
      change: change.kind,
      error: error instanceof Error ? error.message : String(error),
    });
    return;
  }
  for (const { username, email } of recipients) sendAccountNotice(ctx, email, username, change);
}

/**
 * An account that had no second factor now has one (the address's code accepted, the app
 * turned on or a passkey added): until then its password alone took it, so whoever was first
 * now holds it, and the other administrators are told who and which factor (docs/accounts.md,
 * "Notice e-mails"). Called after the write that found the account without one.
 */
export function announceFirstFactor(
  ctx: Context,
  user: SessionUser,
  factor: FirstFactor,
): Promise<void> {
  return tellAdministrators(ctx, user.id, {
    kind: 'adminFirstFactor',
    name: user.username,
    factor,
  });
}
