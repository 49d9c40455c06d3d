import { createHash } from 'node:crypto';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { writeTransaction, type Db } from '#db';
import { sessions } from '#db/schema';
import { auditInsert } from '#server/audit/record';
import { UNKNOWN_DEVICE } from '#server/platform/user-agent';
import { liveSession } from './session';
import type { Context } from '#server/http/trpc';
import type { SessionSummary } from '#shared/shapes/account';
import type { SessionUser } from './session';

/**
 * The id a session is shown and ended by: the first 16 hex digits of the SHA-256 of its row id
 * (itself the hash of the secret id its cookie names, session.ts `sessionRowId`). Neither the
 * cookie's id nor the row's can be read back from it.
 */
export function publicSessionId(rowId: string): string {
  return createHash('sha256').update(rowId).digest('hex').slice(0, 16);
}

function liveSessionsOf(db: Db, userId: number, now: Date) {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), liveSession(now)));
}

/** The user's live sessions: this one first, then the newest. */
export async function listSessions(
  ctx: Context,
  user: SessionUser,
  currentId: string,
): Promise<SessionSummary[]> {
  const rows = await liveSessionsOf(ctx.db, user.id, ctx.clock.now()).all();
  return rows
    .sort(
      (a, b) =>
        Number(b.id === currentId) - Number(a.id === currentId) ||
        b.createdAt.getTime() - a.createdAt.getTime() ||
        (a.id < b.id ? -1 : 1),
    )
    .map((row) => ({
      id: publicSessionId(row.id),
      current: row.id === currentId,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      // The column's default is '': a row written without an agent (an older row, a test's)
      // still gets a name, never an empty heading on the Account screen.
      device: row.device || UNKNOWN_DEVICE,
      address: row.address,
    }));
}

/**
 * Ends the user's live sessions that `pick` chooses (by row id), each with a `session_ended`
 * entry, in one transaction; answers the row ids it ended. Another user's sessions are never read.
 * `scope.check` runs first in that transaction (a rule that must still hold when the write
 * decides, such as the recent proof).
 */
export function endSessionsOf(
  ctx: Context,
  user: SessionUser,
  pick: (rowIds: string[]) => string[],
  scope: { except?: string; check?: (tx: Db) => Promise<void> } = {},
): Promise<string[]> {
  const now = ctx.clock.now();
  return writeTransaction(ctx.db, async (tx) => {
    await scope.check?.(tx);
    const conditions = [eq(sessions.userId, user.id), liveSession(now)];
    if (scope.except) conditions.push(ne(sessions.id, scope.except));
    const live = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(...conditions))
      .all();
    const ended = pick(live.map((row) => row.id));
    if (ended.length === 0) return [];
    await tx.delete(sessions).where(inArray(sessions.id, ended));
    for (const id of ended) {
      await auditInsert(tx, now, {
        action: 'session_ended',
        actor: user,
        target: `session ${publicSessionId(id)}`,
        ip: ctx.req.ip,
      });
    }
    return ended;
  });
}
