import { describe, expect, it } from 'vitest';
import { IMPORT_PART_MAX_BYTES, IMPORT_PART_MAX_ROWS } from '#shared/subscriber-tools';
import { IMPORT_MESSAGES, parseImport, splitIntoParts, type ImportCell } from './subscriber-import';

const emailsOf = (text: string) => {
  const parsed = parseImport(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.cells;
};

describe('parseImport', () => {
  it('finds the e-mail column by its header, with a BOM, ; separators, quotes and blank lines', () => {
    const text =
      '\uFEFFFirst name;"E-mail Address";Tags\r\n' +
      'Ada;ada@example.com;"a;b"\r\n' +
      '\r\n' +
      '"Grace ""Amazing"" Hopper";" grace@example.com ";"line\nbreak"\r\n' +
      'Nobody;;x\r\n';
    expect(parseImport(text)).toEqual({
      ok: true,
      column: 'E-mail Address',
      cells: [
        { row: 2, email: 'ada@example.com' },
        { row: 3, email: 'grace@example.com' },
      ],
    });
  });

  it('reads comma-separated exports and keeps invalid cells for the server to judge', () => {
    expect(emailsOf('name,email\nAda,ada@example.com\nBad,not-an-address\n')).toEqual([
      { row: 2, email: 'ada@example.com' },
      { row: 3, email: 'not-an-address' },
    ]);
  });

  it('takes a plain list of addresses without a header', () => {
    expect(parseImport('ada@example.com\ngrace@example.com')).toEqual({
      ok: true,
      column: null,
      cells: [
        { row: 1, email: 'ada@example.com' },
        { row: 2, email: 'grace@example.com' },
      ],
    });
  });

  it('says what is wrong with a file it cannot use', () => {
    expect(parseImport('\n\n')).toEqual({ ok: false, message: IMPORT_MESSAGES.empty });
    expect(parseImport('name,phone\nAda,123')).toEqual({
      ok: false,
      message: IMPORT_MESSAGES.noColumn,
    });
    expect(parseImport('Email\n\n')).toEqual({ ok: false, message: IMPORT_MESSAGES.noRows });
  });
});

describe('splitIntoParts', () => {
  const cells = (n: number, pad = 0): ImportCell[] =>
    Array.from({ length: n }, (_, i) => ({
      row: i + 2,
      email: `reader-${String(i).padStart(5, '0')}${'x'.repeat(pad)}@example.com`,
    }));
  const bytes = (part: ImportCell[], consent: boolean) =>
    new TextEncoder().encode(JSON.stringify({ emails: part.map((c) => c.email), consent })).length;

  it('cuts 10,000 rows into parts each within the byte limit, in order, none lost', () => {
    const all = cells(10_000, 20);
    const parts = splitIntoParts(all, true);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(bytes(part, true)).toBeLessThanOrEqual(IMPORT_PART_MAX_BYTES);
    expect(parts.flat()).toEqual(all);
    // Each part but the last is full: one more address would not have fitted.
    const [first, second] = parts;
    expect(bytes([...first!, second![0]!], true)).toBeGreaterThan(IMPORT_PART_MAX_BYTES);
  });

  it('counts bytes, not characters, and fills a part exactly to the limit', () => {
    const wide: ImportCell[] = [
      { row: 2, email: 'é@example.com' },
      { row: 3, email: 'b@example.com' },
    ];
    const limit = bytes(wide, false);
    expect(splitIntoParts(wide, false, limit)).toEqual([wide]);
    expect(splitIntoParts(wide, false, limit - 1)).toEqual([[wide[0]], [wide[1]]]);
  });

  it('keeps a part within the row limit however short the addresses', () => {
    const parts = splitIntoParts(cells(IMPORT_PART_MAX_ROWS + 1), false, 10_000_000);
    expect(parts.map((p) => p.length)).toEqual([IMPORT_PART_MAX_ROWS, 1]);
  });
});
