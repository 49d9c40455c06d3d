import type { QueryUtils } from '#client/lib/trpc';
import type { AdminCheck } from '../session/auth-check';

/** What an admin route's loader gets from the router and from the guard's beforeLoad. */
export interface AdminLoaderContext {
  auth: Promise<AdminCheck>;
  queryUtils: QueryUtils;
}

/**
 * An admin route's loader (docs/architecture.md, "Admin screens"): fills the cache with the
 * reads its screen draws first, so the screen's own hooks find them there and draw at once.
 * This module sits in the main chunk with the routes: keep it tiny.
 *
 * It reads nothing until the guard knows a full session is signed in: a visitor without one
 * (or signed in only to set up a second factor) gets the guard's screen and no admin read.
 * It never fails: a read that fails stays in the cache as an error, which the screen shows
 * with "Try again" (admin/ui/query-state.tsx), as when the screen itself had asked.
 */
export async function loadForScreen(
  context: AdminLoaderContext,
  reads: (utils: QueryUtils) => readonly unknown[],
): Promise<void> {
  const session = await context.auth;
  if (!session.authenticated || session.username === null || session.setupRequired) return;
  await Promise.allSettled(reads(context.queryUtils));
}
