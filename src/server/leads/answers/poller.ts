/**
 * Leads' answers from the owner's mailbox (docs/leads.md, "Answers by e-mail"): the mail layer's
 * reader (mail/mailbox/reader.ts) reads the mailbox and takes its bounces and complaints; each
 * other mail is handed here, onto its lead's timeline (capture.ts), and the owner is told
 * (answer-notice.ts). Which mails were taken is their Message-ID on the timeline.
 */
import type { Mailer } from '#server/platform/mail';
import type { SiteSettingsConfig } from '#server/site/site-settings';
import {
  createMailboxReader,
  type MailboxReader,
  type MailboxReaderDeps,
} from '#server/mail/mailbox/reader';
import { unsubscribeAddress } from '#server/newsletter/unsubscribe-address';
import type { OwnAddressConfig } from '../own-addresses';
import { takeAnswer } from './capture';
import { sendAnswerNotice, type AnsweredLead } from './answer-notice';

export interface AnswerPollerDeps extends Omit<
  MailboxReaderDeps,
  'config' | 'onMail' | 'onComplaint'
> {
  config: MailboxReaderDeps['config'] & OwnAddressConfig & SiteSettingsConfig;
  /** Mails the owner's notice of an answer (answer-notice.ts), with CONTACT_NOTIFY_TO set. */
  mailer: Mailer;
}

export function createAnswerPoller(deps: AnswerPollerDeps): MailboxReader {
  const { db, config } = deps;
  // No notice address: no notice, and no throttle place taken for one.
  const notice = config.contactNotifyTo
    ? (lead: AnsweredLead) => sendAnswerNotice(deps, lead)
    : undefined;
  return createMailboxReader({
    ...deps,
    // A complaint from the mailbox unsubscribes the address, as a provider's does (app/app.ts).
    onComplaint: unsubscribeAddress,
    onMail: (mail, now) => takeAnswer({ db, config, notice }, mail, now),
  });
}
