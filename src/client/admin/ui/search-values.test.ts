/**
 * The admins' addresses read without zod (search-values.ts) answer as the zod schemas did:
 * what a hand-edited address holds that is not usable is "not set", with no key left for it.
 */
import { describe, expect, it } from 'vitest';
import { bookingSearchSchema } from '../bookings/search-params';
import { mailSearchSchema } from '../mail/search-params';
import { validateTokenSearch } from './mailed-link-token';
import { overviewSearchSchema } from '../overview/overview-search';
import { oneOf, pageValue, rawText, textValue } from './search-values';
import { suppressionSearchSchema } from '../suppressions/search-params';

describe('search values', () => {
  it('takes a page from 2 up, as digits or a number, and nothing else', () => {
    expect([2, '3', ' 4 ', [5]].map(pageValue)).toEqual([2, 3, 4, 5]);
    const unusable = [undefined, null, '', 1, 0, -2, 2.5, '2x', 'abc', true, {}, 2 ** 53];
    expect(unusable.map(pageValue)).toEqual(unusable.map(() => undefined));
  });

  it('keeps a search as trimmed text, a number as its digits, and drops the rest', () => {
    expect([' ada ', 2026, '  ', '', null, {}, ['a']].map(textValue)).toEqual([
      'ada',
      '2026',
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect([' a ', 7, true].map(rawText)).toEqual([' a ', '7', undefined]);
  });

  it('knows a list’s values exactly', () => {
    const values = ['queued', 'sent'] as const;
    expect(['sent', 'Sent', 'queued ', 1, undefined].map((v) => oneOf(values, v))).toEqual([
      'sent',
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe('the screens’ addresses', () => {
  it('keep what is usable and leave no key for the rest', () => {
    expect(mailSearchSchema.parse({ status: 'failed', page: '2' })).toStrictEqual({
      status: 'failed',
      page: 2,
    });
    expect(mailSearchSchema.parse({ status: 'lost', page: 1 })).toStrictEqual({});
    expect(bookingSearchSchema.parse({ scope: 'past', page: 3 })).toStrictEqual({
      scope: 'past',
      page: 3,
    });
    expect(bookingSearchSchema.parse({ scope: 'future', page: 'x' })).toStrictEqual({});
    expect(suppressionSearchSchema.parse({ q: 42, page: 2 })).toStrictEqual({ q: '42', page: 2 });
    expect(suppressionSearchSchema.parse({ q: ' ', page: -1 })).toStrictEqual({});
  });

  it('keep the Overview’s offered presets and real-looking days only', () => {
    expect(overviewSearchSchema.parse({ days: '7' })).toStrictEqual({ days: 7 });
    expect(overviewSearchSchema.parse({ days: 14, from: '2026-3-1', to: 5 })).toStrictEqual({});
    expect(overviewSearchSchema.parse({ from: '2026-03-01', to: '2026-03-14' })).toStrictEqual({
      from: '2026-03-01',
      to: '2026-03-14',
    });
  });

  it('keep a mailed link’s token as text for the server to judge', () => {
    expect(validateTokenSearch({ token: 'abc' })).toStrictEqual({ token: 'abc' });
    expect(validateTokenSearch({ token: 123 })).toStrictEqual({ token: '123' });
    expect(validateTokenSearch({ token: { a: 1 } })).toStrictEqual({});
    expect(validateTokenSearch({})).toStrictEqual({});
  });
});
