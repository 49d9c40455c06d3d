/**
 * An entry's address made from its title when none is given (docs/content.md, "Case studies
 * and insights"): letters without their accents (`ß` as `ss`, `æ` as `ae`…), in lower case, digits, words joined by
 * hyphens, whole words up to 80 characters. A title with too little of that to make 3
 * characters is named by its kind (`case-study-ai`, `insight`). A made address that is taken
 * gets `-2`, `-3`…, still within 80 characters (server/entries/entry-slug.ts picks the number).
 */
import { ENTRY_LIMITS, type EntryKind } from './entries';

/** Latin letters that no accent removal turns into a-z. */
const SPELLED: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ł: 'l',
  þ: 'th',
};

const KIND_WORDS: Record<EntryKind, string> = { case_study: 'case-study', insight: 'insight' };

export function slugFromTitle(title: string, kind: EntryKind): string {
  const words = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøđłþ]/g, (letter) => SPELLED[letter] ?? letter)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const longer = slug ? `${slug}-${word}` : word;
    if (longer.length > ENTRY_LIMITS.slugMax) break;
    slug = longer;
  }
  // A first word longer than the limit is cut rather than lost.
  if (!slug && words[0]) slug = words[0].slice(0, ENTRY_LIMITS.slugMax);
  if (slug.length >= ENTRY_LIMITS.slugMin) return slug;
  return slug ? `${KIND_WORDS[kind]}-${slug}` : KIND_WORDS[kind];
}

/** The `n`th candidate: the slug itself, then `slug-2`, `slug-3`…, cut to fit 80 characters. */
export function numberedSlug(slug: string, n: number): string {
  if (n <= 1) return slug;
  const suffix = `-${n}`;
  return `${slug.slice(0, ENTRY_LIMITS.slugMax - suffix.length).replace(/-+$/, '')}${suffix}`;
}
