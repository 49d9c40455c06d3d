/**
 * Replies to leads as a mail job of the background sender (platform/mail-loop.ts, the list in
 * app/mail-sender.ts): first in each turn, and not held to the newsletters' pace.
 */
import type { MailJob } from '#server/platform/mail-loop';
import { sendDueReply, type ReplyDeps } from './reply-delivery';
import { failInterruptedReplies } from './reply-queue';

export function replyJob(deps: ReplyDeps, senderId: string): MailJob {
  return {
    async recover({ claimedBefore, isGone }) {
      const replies = await failInterruptedReplies(deps.db, { claimedBefore, isGone });
      if (replies > 0) {
        deps.logger.error('lead.replies_interrupted', {
          replies,
          message: 'replies left in sending by a stopped sender were marked failed',
        });
      }
    },
    async turn() {
      return (await sendDueReply(deps, senderId)) ? { kind: 'worked' } : { kind: 'idle' };
    },
  };
}
