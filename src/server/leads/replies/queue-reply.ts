/**
 * A reply's mail into the outbox (docs/mail.md, "Writing a mail"), in the write transaction
 * that stores (or takes back) the reply, with `ref` naming its lead event: the outbox row is
 * then the one record of what became of it (../reply-fate.ts). The message is whole when
 * queued, threading headers included, so the sender needs to know nothing of leads.
 */
import type { Db } from '#db';
import type { Config } from '#server/platform/config';
import { mailRef } from '#server/mail/outbox/mail-ref';
import { queueMail } from '#server/mail/outbox/queue-mail';
import { mailSite } from '#server/site/site-brand';
import type { SiteSettingsConfig } from '#server/site/site-settings';
import { REPLY_TOPIC } from '../reply-fate';
import { replyMail, type StoredReply } from './reply-mail';

export interface ReplySite {
  name: string;
  url: string;
  replyTo: string;
}

/** The site as a reply names it, from one read of the content. */
export async function replySite(deps: {
  db: Db;
  config: Pick<Config, 'replyTo'> & SiteSettingsConfig;
}): Promise<ReplySite> {
  const { name, address } = await mailSite(deps);
  return { name, url: address, replyTo: deps.config.replyTo };
}

/** Writes the mail of the reply stored as lead event `eventId`; returns the outbox id. */
export function queueReply(
  tx: Db,
  eventId: number,
  reply: StoredReply,
  site: ReplySite,
  now: Date,
): Promise<number> {
  return queueMail(
    tx,
    { kind: 'reply', message: replyMail(reply, site), ref: mailRef(REPLY_TOPIC, eventId) },
    now,
  );
}
