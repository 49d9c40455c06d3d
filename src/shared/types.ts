import type { ContactSubject } from './schemas';

/**
 * Shapes the API sends (DESIGN.md section 4), shared with the client. Dates travel as
 * ISO 8601 strings with a time zone, never as Date objects, so REST and tRPC answer alike.
 */
export interface Fact {
  id: number;
  factText: string;
  source: string;
  order: number;
  active: boolean;
  factDate: string | null;
  createdAt: string;
}

export interface Tag {
  id: number;
  name: string;
  createdAt: string;
}

export type FactWithTags = Fact & { tags: Tag[] };

/** What visitors see of a fact: no order, flags or dates. */
export type PublicFact = Pick<Fact, 'id' | 'factText' | 'source'>;

/** A stored contact message as the admin sees it (DESIGN.md section 4). */
export interface Message {
  id: number;
  name: string;
  email: string;
  company: string | null;
  subject: ContactSubject;
  message: string;
  createdAt: string;
  readAt: string | null;
}

export interface MessagePage {
  messages: Message[];
  /** Messages matching the search and filter. */
  total: number;
  /** Unread messages in the whole inbox, whatever the filter. */
  unread: number;
  page: number;
  pageSize: number;
}

export interface Subscriber {
  id: number;
  email: string;
  createdAt: string;
}

export interface SubscriberPage {
  subscribers: Subscriber[];
  total: number;
  page: number;
  pageSize: number;
}
