import type { Db } from '#db';
import type { AuditAction } from '#shared/audit';
import type { Context } from '#server/http/trpc';
import { auditInsert, type AuditActor } from './record';
import type { AuditSubject } from './subjects';

/**
 * The audit entry of a change a signed-in administrator makes through the admin area: who
 * (the session's user), when (the app's clock), from where (the request's address, masked).
 * Await it inside the change's write transaction so both commit together.
 */
export function auditAdminChange(
  tx: Db,
  // Any signed-in user (identity's SessionUser) fits: platform/ knows no feature's types.
  ctx: Pick<Context, 'clock' | 'req'> & { user: NonNullable<AuditActor> },
  action: AuditAction,
  target: string,
  subject?: AuditSubject,
) {
  return auditInsert(tx, ctx.clock.now(), {
    action,
    actor: ctx.user,
    target,
    ip: ctx.req.ip,
    subject,
  });
}
