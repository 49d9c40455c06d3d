/**
 * The CSV exports of the leads: every matching message or subscriber, newest first,
 * streamed in batches (platform/csv.ts has the file rules: BOM, RFC 4180, formula cells).
 */
import type { Db } from '#db';
import type { MessageFilter, SubscriberFilter } from '#shared/leads';
import { csvFilename, csvResponse, csvStream, type CsvColumn } from '#server/platform/csv';
import type { Message } from '#shared/shapes/messages';
import type { Subscriber } from '#shared/shapes/subscribers';
import { messagesNewestFirst } from './messages/message-query';
import { subscribersNewestFirst } from './subscribers/subscriber-query';

/** The Message shape of docs/api.md, in its order. */
const messageColumns: CsvColumn<Message>[] = [
  { header: 'id', value: (m) => m.id },
  { header: 'name', value: (m) => m.name },
  { header: 'email', value: (m) => m.email },
  { header: 'company', value: (m) => m.company },
  { header: 'subject', value: (m) => m.subject },
  { header: 'message', value: (m) => m.message },
  { header: 'createdAt', value: (m) => m.createdAt },
  { header: 'readAt', value: (m) => m.readAt },
];

/** The Subscriber shape of docs/api.md, in its order. */
const subscriberColumns: CsvColumn<Subscriber>[] = [
  { header: 'id', value: (s) => s.id },
  { header: 'email', value: (s) => s.email },
  { header: 'status', value: (s) => s.status },
  { header: 'createdAt', value: (s) => s.createdAt },
  { header: 'confirmedAt', value: (s) => s.confirmedAt },
  { header: 'unsubscribedAt', value: (s) => s.unsubscribedAt },
];

/** `messages-YYYY-MM-DD.csv`: every message matching the search and subject. */
export async function messagesCsv(db: Db, filter: MessageFilter, now: Date): Promise<Response> {
  return csvResponse(
    await csvStream(messagesNewestFirst(db, filter), messageColumns),
    csvFilename('messages', now),
  );
}

/** `subscribers-YYYY-MM-DD.csv`: every subscriber of the status filter (or of every status). */
export async function subscribersCsv(
  db: Db,
  filter: SubscriberFilter,
  now: Date,
): Promise<Response> {
  return csvResponse(
    await csvStream(subscribersNewestFirst(db, filter), subscriberColumns),
    csvFilename('subscribers', now),
  );
}
