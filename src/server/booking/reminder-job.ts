/**
 * Calls' reminders as a mail job of the background sender (platform/mail-loop.ts, the list in
 * app/mail-sender.ts): after a lead's reply, before the newsletters, not held to their pace.
 */
import type { MailJob } from '#server/platform/mail-loop';
import { sendDueReminder, type ReminderDeps } from './reminder-delivery';
import { failInterruptedReminders } from './reminder-queue';

export function reminderJob(deps: ReminderDeps, senderId: string): MailJob {
  return {
    async recover({ claimedBefore, isGone }) {
      const reminders = await failInterruptedReminders(deps.db, { claimedBefore, isGone });
      if (reminders > 0) {
        deps.logger.error('booking.reminders_interrupted', {
          reminders,
          message: 'reminders left in sending by a stopped sender were marked failed',
        });
      }
    },
    async turn() {
      return (await sendDueReminder(deps, senderId)) ? { kind: 'worked' } : { kind: 'idle' };
    },
  };
}
