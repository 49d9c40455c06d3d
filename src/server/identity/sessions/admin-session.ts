import { and, eq, lte } from 'drizzle-orm';
import { TRPCError } from '@trpc/server';
import { writeBatch, type Db } from '#db';
import { sessions } from '#db/schema';
import { requestMemo } from '#server/http/context';
import type { Context } from '#server/http/trpc';
import { SET_UP_SECOND_FACTOR } from '#shared/auth';
import {
  BACKGROUND_HEADER,
  LAST_SEEN_STEP_MS,
  memoOf,
  readSession,
  signedOut,
  type SessionState,
  type SessionUser,
} from './session';

/**
 * The request's session as an admin path uses it: read once (see SessionMemo), and the idle
 * limit slid, at most once per request. Only admin paths (the procedures behind
 * `adminProcedure`, the downloads, `admin.check` that guards the admin screens) call it; a
 * public path reads with `readSession`, which writes nothing.
 */
export async function adminSession(ctx: Context): Promise<SessionState> {
  const state = await readSession(ctx);
  if (state.kind === 'signedIn' && !memoOf(ctx).slid) {
    memoOf(ctx).slid = true;
    // A background poll (the Overview's live number) is not the person using the screen:
    // it does not slide the idle limit, or an open Overview would never time out.
    const background = ctx.req.headers.get(BACKGROUND_HEADER) === '1';
    const now = ctx.clock.now();
    if (!background && now.getTime() - state.lastSeenAt.getTime() >= LAST_SEEN_STEP_MS) {
      markSeen(ctx, state.sessionId, now);
    }
  }
  return state;
}

/** Sessions whose last-seen write is under way, per database: one at a time each. */
const seenWrites = new WeakMap<Db, Set<string>>();

/**
 * Slides the idle limit: writes the last-seen time, at most once a minute per session (the
 * UPDATE's condition; requests of the same minute on other instances change nothing), and
 * only one at a time per session in this process. The request does not wait for it: a read
 * must not queue behind other writes, nor fail because the write did (it is logged, and the
 * next request a minute on tries again).
 */
function markSeen(ctx: Context, sessionId: string, now: Date): void {
  let under = seenWrites.get(ctx.db);
  if (!under) seenWrites.set(ctx.db, (under = new Set()));
  if (under.has(sessionId)) return;
  under.add(sessionId);
  const stale = new Date(now.getTime() - LAST_SEEN_STEP_MS);
  writeBatch(ctx.db, [
    ctx.db
      .update(sessions)
      .set({ lastSeenAt: now })
      .where(and(eq(sessions.id, sessionId), lte(sessions.lastSeenAt, stale)))
      .toSQL(),
  ])
    .catch((error: unknown) => {
      ctx.logger.error('auth.last_seen_failed', {
        requestId: ctx.req.requestId,
        error: error instanceof Error ? error.message : String(error),
      });
    })
    .finally(() => under.delete(sessionId));
}

/**
 * The answer of an admin path to a session signed in to the set-up of a second factor only
 * (production, docs/accounts.md): 401, with what to do.
 */
function setUpFirst(): TRPCError {
  return new TRPCError({ code: 'UNAUTHORIZED', message: SET_UP_SECOND_FACTOR });
}

/**
 * The signed-in administrator of an admin path, whose use slides the idle limit. A session
 * signed in to the set-up only passes just where `setUp` says the path is part of it.
 */
export async function requireAdmin(
  ctx: Context,
  options: { setUp?: boolean } = {},
): Promise<SessionUser> {
  const holder = tokenHolderOf(ctx);
  if (holder) return holder;
  const state = await adminSession(ctx);
  if (state.kind !== 'signedIn') throw signedOut();
  if (state.setupOnly && !options.setUp) throw setUpFirst();
  return state.user;
}

const TOKEN_HOLDER = Symbol('token-holder');

/**
 * A request made with an access token (docs/mcp.md): its administrator passes the admin
 * procedures the MCP tools call, with no session. No session is read or slid for it, so what
 * needs one (a recent proof, the sessions list, signing out) still answers 401; which
 * procedures a token reaches at all is the tools' list (mcp/tools/), never the whole API.
 */
export function actWithToken(ctx: Context, user: SessionUser): void {
  requestMemo<{ user?: SessionUser }>(ctx, TOKEN_HOLDER, () => ({})).user = user;
}

function tokenHolderOf(ctx: Context): SessionUser | undefined {
  return requestMemo<{ user?: SessionUser }>(ctx, TOKEN_HOLDER, () => ({})).user;
}
