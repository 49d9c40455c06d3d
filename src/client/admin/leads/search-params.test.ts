import { describe, expect, it } from 'vitest';
import {
  leadSearchSchema,
  messageSearchSchema,
  messagesCsvHref,
  subscriberSearchSchema,
  subscribersCsvHref,
} from './search-params';
import { replyHref } from './reply-href';

describe('messages search params', () => {
  it('keeps a usable page, search and subject', () => {
    expect(messageSearchSchema.parse({ page: 3, q: ' ada ', subject: 'custom' })).toEqual({
      page: 3,
      q: 'ada',
      subject: 'custom',
    });
  });

  it('reads a number-looking search as text, as the router hands it over', () => {
    expect(messageSearchSchema.parse({ q: 2026 })).toEqual({ q: '2026' });
  });

  it('drops whatever a hand-edited address made unusable, and page 1', () => {
    expect(messageSearchSchema.parse({ page: 'abc', q: '  ', subject: 'gossip' })).toEqual({});
    expect(messageSearchSchema.parse({ page: 1 })).toEqual({});
    expect(messageSearchSchema.parse({ page: -2, q: { x: 1 } })).toEqual({});
    expect(subscriberSearchSchema.parse({ page: '4' })).toEqual({ page: 4 });
  });
});

describe('subscribers search params', () => {
  it('keeps a known status and drops anything else', () => {
    expect(subscriberSearchSchema.parse({ status: 'confirmed', page: 2 })).toEqual({
      status: 'confirmed',
      page: 2,
    });
    expect(subscriberSearchSchema.parse({ status: 'Confirmed' })).toEqual({});
    expect(subscriberSearchSchema.parse({ status: 3 })).toEqual({});
  });

  it('keeps a search as trimmed text and drops a blank one', () => {
    expect(subscriberSearchSchema.parse({ q: ' ada ', status: 'pending' })).toEqual({
      q: 'ada',
      status: 'pending',
    });
    expect(subscriberSearchSchema.parse({ q: 42 })).toEqual({ q: '42' });
    expect(subscriberSearchSchema.parse({ q: '  ' })).toEqual({});
  });
});

describe('links', () => {
  it('exports what the screen shows: the same search and subject, never the page', () => {
    expect(messagesCsvHref({})).toBe('/api/messages.csv');
    expect(messagesCsvHref({ q: 'café & co', subject: 'other' })).toBe(
      '/api/messages.csv?q=caf%C3%A9+%26+co&subject=other',
    );
  });

  it('exports the subscribers of the search and status shown, or all of them', () => {
    expect(subscribersCsvHref({})).toBe('/api/subscribers.csv');
    expect(subscribersCsvHref({ status: 'pending' })).toBe('/api/subscribers.csv?status=pending');
    expect(subscribersCsvHref({ q: 'ada@', status: 'pending' })).toBe(
      '/api/subscribers.csv?q=ada%40&status=pending',
    );
  });

  it('starts a reply titled with the subject label', () => {
    expect(replyHref('ada@example.com', 'partnership')).toBe(
      'mailto:ada@example.com?subject=Re%3A%20Partnership%20Opportunity',
    );
  });
});

describe('leads search params', () => {
  it('keeps a known status, a search and a page', () => {
    expect(leadSearchSchema.parse({ status: 'proposal', q: ' acme ', page: '2' })).toEqual({
      status: 'proposal',
      q: 'acme',
      page: 2,
    });
    expect(leadSearchSchema.parse({ q: 42 })).toEqual({ q: '42' });
  });

  it('drops an unknown status, a blank search and page 1', () => {
    expect(leadSearchSchema.parse({ status: 'Won', q: '   ', page: 1 })).toEqual({});
    expect(leadSearchSchema.parse({ status: 'confirmed', page: 'x' })).toEqual({});
  });
});
