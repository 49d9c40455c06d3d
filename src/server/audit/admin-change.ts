import type { Db } from '#db';
import type { AuditAction } from '#shared/audit';
import type { Context } from '#server/http/trpc';
import type { SessionUser } from '#server/identity/sessions/session';
import { auditInsert } from './record';
import type { AuditSubject } from './subjects';

/**
 * The audit entry of a change a signed-in administrator makes through the admin area: who
 * (the session's user), when (the app's clock), from where (the request's address, masked).
 * Await it inside the change's write transaction so both commit together.
 */
export function auditAdminChange(
  tx: Db,
  ctx: Pick<Context, 'clock' | 'req'> & { user: SessionUser },
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
