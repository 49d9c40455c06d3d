import { useEffect, useRef } from 'react';
import { BACKGROUND, trpc } from '#client/lib/trpc';

/**
 * How often the navigation's unread badge reads the count again (docs/admin-guide.md,
 * "Messages"). A poll rather than server-sent events: the count is one small read, the
 * sessions are few, and a held-open stream would need its own route past the tRPC batch,
 * the session checks and any proxy's buffering for a number that may wait half a minute.
 */
export const UNREAD_REFRESH_MS = 30_000;

/**
 * The unread count for the navigation's badge: read on load, then every 30 s while the tab is
 * visible (TanStack Query holds the timer while it is hidden), as a background request so a
 * screen left open does not keep the session from its idle limit (docs/accounts.md).
 * When the count rises, new enquiries have arrived: the open lists of messages and leads (and
 * the attention block) are read again, so the screen in front of the owner follows the badge.
 */
export function useUnreadCount(): number {
  const unread = trpc.messages.unreadCount.useQuery(undefined, {
    refetchInterval: UNREAD_REFRESH_MS,
    refetchIntervalInBackground: false,
    trpc: BACKGROUND,
  });
  const count = unread.data?.unread;
  const utils = trpc.useUtils();
  useOnRise(count, () => {
    void utils.messages.list.invalidate();
    void utils.leads.list.invalidate();
    void utils.leads.attention.invalidate();
  });
  return count ?? 0;
}

/**
 * Runs `onRise` when a badge's count goes up from one read to the next (not on the first
 * read): something new has arrived, and the screens that show it are read again.
 */
export function useOnRise(count: number | undefined, onRise: () => void): void {
  const previous = useRef(count);
  // Runs after every render that passes a new `onRise`, but acts only when the count rose.
  useEffect(() => {
    const before = previous.current;
    previous.current = count;
    if (before === undefined || count === undefined || count <= before) return;
    onRise();
  }, [count, onRise]);
}

/**
 * A screen that has just read the unread count (the Messages list carries it) hands it to
 * the badge, so the two never disagree until the badge's next turn.
 */
export function useShareUnreadCount(unread: number | undefined): void {
  const utils = trpc.useUtils();
  useEffect(() => {
    if (unread === undefined) return;
    if (utils.messages.unreadCount.getData()?.unread !== unread) {
      utils.messages.unreadCount.setData(undefined, { unread });
    }
  }, [unread, utils]);
}
