import { z } from 'zod';
import { contactSubjectValues } from '../../../shared/contact';

/**
 * The router reads search values as JSON where it can (`?q=123` arrives as a number), and a
 * hand-edited address can hold anything: whatever is not usable falls back to "not set", so
 * a bad link still opens the first page instead of an error screen.
 */
const pageParam = z.coerce.number().int().min(2).optional().catch(undefined);

export const messageSearchSchema = z.object({
  page: pageParam,
  q: z
    .union([z.string(), z.number()])
    .transform((value) => String(value).trim() || undefined)
    .optional()
    .catch(undefined),
  subject: z.enum(contactSubjectValues).optional().catch(undefined),
});
export type MessageSearch = z.output<typeof messageSearchSchema>;

export const subscriberSearchSchema = z.object({ page: pageParam });
export type SubscriberSearch = z.output<typeof subscriberSearchSchema>;

/** The CSV export's address for the same search and filter as the screen. */
export function messagesCsvHref(search: Pick<MessageSearch, 'q' | 'subject'>): string {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  if (search.subject) params.set('subject', search.subject);
  const query = params.toString();
  return `/api/messages.csv${query ? `?${query}` : ''}`;
}
