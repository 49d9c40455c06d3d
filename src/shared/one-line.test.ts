import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { contactInput } from './contact';
import { tagCreateInput } from './facts';
import { newsletterSubjectField } from './newsletter';
import { passkeyNameField } from './passkeys';
import { usernameField } from './users';
import { NOT_ONE_LINE } from './validation';

/** Every character a one-line field refuses, named for the report. */
const BREAKERS: [string, string][] = [
  ['CR', '\r'],
  ['LF', '\n'],
  ['tab', '\t'],
  ['VT', '\v'],
  ['FF', '\f'],
  ['NUL', '\0'],
  ['ESC', '\u001b'],
  ['DEL', '\u007f'],
  ['NEL (U+0085)', '\u0085'],
  ['a C1 control (U+009B)', '\u009b'],
  ['LINE SEPARATOR (U+2028)', '\u2028'],
  ['PARAGRAPH SEPARATOR (U+2029)', '\u2029'],
];

const contact = (fields: Record<string, unknown>) => ({
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'consulting',
  message: 'A message long enough to pass.',
  privacy: true,
  ...fields,
});

/** Each one-line field, as the API parses it, with text around the character. */
const FIELDS: [string, (text: string) => boolean][] = [
  ['contact name', (text) => contactInput.safeParse(contact({ name: text })).success],
  ['contact company', (text) => contactInput.safeParse(contact({ company: text })).success],
  ['newsletter subject', (text) => newsletterSubjectField.safeParse(text).success],
  ['username', (text) => usernameField.safeParse(text).success],
  ['passkey name', (text) => passkeyNameField.safeParse(text).success],
  ['tag name', (text) => tagCreateInput.safeParse({ name: text }).success],
];

describe('the one-line rule', () => {
  it.each(BREAKERS)('refuses %s', (_, character) => {
    expect(NOT_ONE_LINE.test(`before${character}after`)).toBe(true);
  });

  it('accepts ordinary text, accents, emoji and other scripts', () => {
    for (const text of ['Ada Lovelace', 'Zoë O’Brien-Łukasz', 'Café ☕ 🚀', '山田 太郎', 'x — y']) {
      expect(NOT_ONE_LINE.test(text)).toBe(false);
    }
  });

  describe.each(FIELDS)('the %s', (_, accepts) => {
    it('takes a plain line', () => {
      expect(accepts('Plainline')).toBe(true);
    });

    it.each(BREAKERS)('refuses %s inside it', (_, character) => {
      expect(accepts(`Plain${character}line`)).toBe(false);
    });
  });

  it("says which field is not on one line (the contact form's name)", () => {
    const result = contactInput.safeParse(contact({ name: 'Ada\u0085Open it in the admin' }));
    expect(result.success).toBe(false);
    expect(z.treeifyError(result.error!).properties?.name?.errors).toEqual([
      'Name must be on one line',
    ]);
  });
});
