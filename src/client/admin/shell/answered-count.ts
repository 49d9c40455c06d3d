import { BACKGROUND, trpc } from '#client/lib/trpc';
import { UNREAD_REFRESH_MS, useOnRise } from './unread-count';

/**
 * How many people answered a reply and wait for the owner: the Leads link's badge
 * (docs/admin-guide.md, "Leads"). It is the length of the attention block's `answered`
 * list, read from the same query on the unread badge's 30 s turn, so the badge and the block
 * on the Overview and Leads never disagree. When it rises, an answer has arrived: the open
 * lead list is read again, so its unread column follows.
 */
export function useAnsweredCount(): number {
  const attention = trpc.leads.attention.useQuery(undefined, {
    refetchInterval: UNREAD_REFRESH_MS,
    refetchIntervalInBackground: false,
    trpc: BACKGROUND,
  });
  const count = attention.data?.answered.length;
  const utils = trpc.useUtils();
  useOnRise(count, () => void utils.leads.list.invalidate());
  return count ?? 0;
}
