import { describe, expect, it } from 'vitest';
import { etagMatches } from './etag';

describe('etagMatches (If-None-Match, weak comparison)', () => {
  it('matches lists, weak tags either way and *, only against the current tag', () => {
    expect(etagMatches(undefined, '"a"')).toBe(false);
    expect(etagMatches('', '"a"')).toBe(false);
    expect(etagMatches('"b"', '"a"')).toBe(false);
    expect(etagMatches('"b" , W/"a"', '"a"')).toBe(true);
    expect(etagMatches('"a"', 'W/"a"')).toBe(true);
    expect(etagMatches('W/"a"', 'W/"a"')).toBe(true);
    expect(etagMatches('W/"ab"', 'W/"a"')).toBe(false);
    expect(etagMatches('*', '"a"')).toBe(true);
  });
});
