import {
  contactSubjectValues,
  leadStatusValues,
  subscriberShownStatusValues,
  type ContactSubject,
  type LeadStatus,
  type SubscriberShownStatus,
} from '#shared/address-values';
import { triageLabelValues, type TriageLabel } from '#shared/triage';
import { oneOf, pageValue, setOnly, textValue } from '../ui/search-values';

/**
 * The screens' page, search and filter as the address holds them (search-values.ts: what is
 * not usable is "not set"). Plain functions, no zod: the routes read them in the router's
 * main chunk (docs/performance.md, "The sign-in page's first load").
 */
type Search = Record<string, unknown>;

export interface MessageSearch {
  page?: number;
  q?: string;
  subject?: ContactSubject;
}

export const messageSearchSchema = {
  parse: (search: Search): MessageSearch =>
    setOnly({
      page: pageValue(search['page']),
      q: textValue(search['q']),
      subject: oneOf(contactSubjectValues, search['subject']),
    }),
};

export interface SubscriberSearch {
  page?: number;
  q?: string;
  status?: SubscriberShownStatus;
}

export const subscriberSearchSchema = {
  parse: (search: Search): SubscriberSearch =>
    setOnly({
      page: pageValue(search['page']),
      q: textValue(search['q']),
      status: oneOf(subscriberShownStatusValues, search['status']),
    }),
};

/**
 * The Leads screen's status filter, search and page (docs/admin-guide.md, "Leads"), and the
 * triage filter when AI is on (docs/leads.md).
 */
export interface LeadSearch {
  page?: number;
  q?: string;
  status?: LeadStatus;
  triage?: TriageLabel;
}

export const leadSearchSchema = {
  parse: (search: Search): LeadSearch =>
    setOnly({
      page: pageValue(search['page']),
      q: textValue(search['q']),
      status: oneOf(leadStatusValues, search['status']),
      triage: oneOf(triageLabelValues, search['triage']),
    }),
};

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
