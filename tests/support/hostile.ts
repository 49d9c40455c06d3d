/**
 * fast-check arbitraries for hostile input: strings at and around each length limit of
 * docs/api.md, awkward unicode, injection fragments, wrong types, prototype keys,
 * deep nesting, malformed JSON and wrong content types.
 */
import fc from 'fast-check';
import { LIMITS } from '#shared/constants';

export const FRAGMENTS = [
  "'; DROP TABLE contacts; --",
  '" OR 1=1 --',
  "Robert'); DELETE FROM users;--",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '</textarea><b>bold</b>',
  '&lt;&amp;&#39;',
  '\u202Eevil.exe\u202C',
  'שלום עולם مرحبا',
  '👩‍👩‍👧‍👦🏳️‍🌈🇺🇦',
  'e\u0301\u0301\u0301',
  'nul\u0000byte',
  '\u0000',
  '\r\n\tcontrol\u0007\u001b[31m',
  '\uFEFFbom',
  '\u200B\u200D zero width',
  '__proto__',
  'constructor',
  '%00%2e%2e%2f',
  '../../etc/passwd',
  '${7*7}{{7*7}}',
  '=HYPERLINK("http://x")',
] as const;

/** Characters to build long strings from: ASCII, astral (two code units), RTL, combining. */
const ALPHABETS = ['a', 'Z9 ', '😀', 'ש', 'e\u0301', '\u0000', '<&>'] as const;

/** Lone surrogates: text with no UTF-8 form. */
export const loneSurrogate = fc.constantFrom('\uD800', '\uDBFF', '\uDC00', '\uDFFF');

/** A string of exactly `length` UTF-16 code units, cut from a repeated alphabet. */
function ofLength(length: number) {
  return fc
    .constantFrom(...ALPHABETS)
    .map((chars) => chars.repeat(Math.ceil(Math.max(length, 1) / chars.length)).slice(0, length));
}

/** Lengths just under, at and just over each limit, with or without whitespace around them. */
export function aroundLimits(...limits: number[]) {
  return fc
    .tuple(
      fc.constantFrom(...limits.flatMap((n) => [n - 1, n, n + 1]).filter((n) => n >= 0)),
      fc.constantFrom('', ' ', '\n\t '),
    )
    .chain(([length, pad]) => ofLength(length).map((text) => pad + text + pad));
}

export const hostileString = fc.oneof(
  fc.constantFrom(...FRAGMENTS),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc
    .tuple(fc.string({ maxLength: 10 }), loneSurrogate, fc.string({ maxLength: 10 }))
    .map((parts) => parts.join('')),
  fc.array(fc.constantFrom(...FRAGMENTS), { minLength: 1, maxLength: 4 }).map((a) => a.join(' ')),
  aroundLimits(LIMITS.nameMin, LIMITS.nameMax, LIMITS.messageMin, LIMITS.tagMax),
);

/** Nesting this deep is refused by nothing before the schema; it must not blow a stack. */
export function deepJson(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array'
    ? '['.repeat(depth) + ']'.repeat(depth)
    : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

/** Any JSON value, with prototype-polluting keys and wrong types. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer(),
    fc.constantFrom(0, -1, 1e308, Number.MAX_SAFE_INTEGER + 2, true, false, null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString'), fc.string()),
      tie('value'),
      { maxKeys: 4 },
    ),
  ),
})).value;

/** An object with these fields, each valid, hostile, absent or of a wrong type, plus extra keys. */
export function hostileObject(fields: Record<string, fc.Arbitrary<unknown>>) {
  const entries = Object.entries(fields).map(([key, valid]) =>
    fc
      .oneof(
        { weight: 3, arbitrary: valid },
        { weight: 2, arbitrary: hostileString },
        { weight: 1, arbitrary: hostileValue },
        { weight: 1, arbitrary: fc.constant(undefined) },
      )
      .map((value) => [key, value] as const),
  );
  const extra = fc.dictionary(
    fc.constantFrom('__proto__', 'constructor', 'isAdmin', 'id', 'createdAt', 'readAt'),
    hostileValue,
    { maxKeys: 2 },
  );
  return fc.tuple(fc.tuple(...entries), extra).map(([pairs, more]) => {
    // JSON.parse makes "__proto__" an own key; build the object the same way.
    const object = JSON.parse(JSON.stringify(more)) as Record<string, unknown>;
    for (const [key, value] of pairs) if (value !== undefined) object[key] = value;
    return object;
  });
}

/** Texts that are not one JSON value. */
export const invalidJson = fc.oneof(
  fc.constantFrom('', '{', '{"a":', '{"a" 1}', "{'a':1}", '[1,]', 'undefined', 'NaN', '\u0000'),
  fc.constantFrom('{"a":1}{"b":2}', '\uFEFF{}', '{"a":"\\ud800"', '1e999999999', '"\\x00"'),
  fc.string({ maxLength: 30 }).filter((text) => !isJson(text)),
);

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Content types as sent by clients, right and wrong; undefined sends none. */
export const contentType = fc.oneof(
  { weight: 6, arbitrary: fc.constant('application/json') },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      undefined,
      'APPLICATION/JSON; charset=UTF-8',
      'application/json; charset=latin1',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json-patch+json',
      'application/jsonx',
      '',
      'json',
    ),
  },
);

/** A body text: usually JSON of the generated value, sometimes broken or 10,000 deep. */
export function bodyText(value: fc.Arbitrary<unknown>) {
  return fc.oneof(
    { weight: 8, arbitrary: value.map((v) => JSON.stringify(v) ?? 'null') },
    { weight: 2, arbitrary: invalidJson },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('array' as const, 'object' as const)
        .map((kind) => deepJson(10_000, kind)),
    },
  );
}
