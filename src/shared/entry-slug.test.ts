/** An entry's address made from its title (entry-slug.ts); the rule it must meet is entries.ts's. */
import { describe, expect, it } from 'vitest';
import { SLUG_PATTERN } from './entries';
import { numberedSlug, slugFromTitle } from './entry-slug';

describe('slugFromTitle', () => {
  it.each([
    ['Answers in minutes, not days', 'answers-in-minutes-not-days'],
    ['  Café: 63 % faster — réponses  ', 'cafe-63-faster-reponses'],
    ['GPT-4o & RAG!!', 'gpt-4o-rag'],
    ['Straße und Øresund', 'strasse-und-oresund'],
  ])('%s → %s', (title, slug) => {
    expect(slugFromTitle(title, 'insight')).toBe(slug);
  });

  it('names a title with too little of the alphabet in it by its kind', () => {
    expect(slugFromTitle('AI', 'case_study')).toBe('case-study-ai');
    expect(slugFromTitle('日本語', 'insight')).toBe('insight');
    expect(slugFromTitle('!!!', 'case_study')).toBe('case-study');
  });

  it('keeps whole words up to 80 characters, and cuts a single longer word', () => {
    const title = `${'word '.repeat(30)}end`;
    const slug = slugFromTitle(title, 'insight');
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug).toMatch(/^(word-)+word$/);
    expect(slugFromTitle('x'.repeat(200), 'insight')).toBe('x'.repeat(80));
  });

  it('always meets the slug rule', () => {
    for (const title of ['A', 'Ünïcödé', '--a--b--', `${'ab '.repeat(50)}`, '123']) {
      const slug = slugFromTitle(title, 'case_study');
      expect(slug, title).toMatch(SLUG_PATTERN);
      expect(slug.length, title).toBeGreaterThanOrEqual(3);
    }
  });
});

describe('numberedSlug', () => {
  it('is the slug first, then -2, -3…, within 80 characters and the rule', () => {
    expect(numberedSlug('case', 1)).toBe('case');
    expect(numberedSlug('case', 2)).toBe('case-2');
    const long = `${'a'.repeat(78)}-b`;
    expect(numberedSlug(long, 12)).toBe(`${'a'.repeat(77)}-12`);
    expect(numberedSlug(long, 3)).toBe(`${'a'.repeat(78)}-3`);
    expect(numberedSlug(long, 3)).toMatch(SLUG_PATTERN);
  });
});
