import { z } from 'zod/mini';
import { contactSubjectValues } from '#shared/contact';
import { leadStatusValues } from '#shared/lead-pipeline';
import { subscriberShownStatusValues } from '#shared/newsletter';

/**
 * The router reads search values as JSON where it can (`?q=123` arrives as a number), and a
 * hand-edited address can hold anything: whatever is not usable falls back to "not set", so
 * a bad link still opens the first page instead of an error screen.
 */
export const pageParam = z.catch(
  z.optional(z.coerce.number().check(z.int(), z.minimum(2))),
  undefined,
);

/** A search text: a number-looking one as text, a blank one as none. */
export const searchParam = z.catch(
  z.optional(
    z.pipe(
      z.union([z.string(), z.number()]),
      z.transform((value) => String(value).trim() || undefined),
    ),
  ),
  undefined,
);

export const messageSearchSchema = z.object({
  page: pageParam,
  q: searchParam,
  subject: z.catch(z.optional(z.enum(contactSubjectValues)), undefined),
});
export type MessageSearch = z.output<typeof messageSearchSchema>;

export const subscriberSearchSchema = z.object({
  page: pageParam,
  q: searchParam,
  status: z.catch(z.optional(z.enum(subscriberShownStatusValues)), undefined),
});
export type SubscriberSearch = z.output<typeof subscriberSearchSchema>;

/** The Leads screen's status filter, search and page (docs/admin-guide.md, "Leads"). */
export const leadSearchSchema = z.object({
  page: pageParam,
  q: searchParam,
  status: z.catch(z.optional(z.enum(leadStatusValues)), undefined),
});
export type LeadSearch = z.output<typeof leadSearchSchema>;

/** The CSV export's address for the same search and filter as the screen. */
export function messagesCsvHref(search: Pick<MessageSearch, 'q' | 'subject'>): string {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  if (search.subject) params.set('subject', search.subject);
  const query = params.toString();
  return `/api/messages.csv${query ? `?${query}` : ''}`;
}

/** The subscribers export's address for the search and status the screen shows. */
export function subscribersCsvHref(search: Pick<SubscriberSearch, 'q' | 'status'>): string {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  if (search.status) params.set('status', search.status);
  const query = params.toString();
  return `/api/subscribers.csv${query ? `?${query}` : ''}`;
}
