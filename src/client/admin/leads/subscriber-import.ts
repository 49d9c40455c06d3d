/**
 * A CSV export from another tool, read in the browser: the e-mail column found by its
 * header, then cut into parts the API takes (docs/newsletter.md, "Added by the owner").
 * papaparse reads the file: quoted cells (with separators and line breaks inside), `;` or
 * `,` or tab separators, blank lines. The server checks each address; this only finds them.
 */
import Papa from 'papaparse';
import {
  IMPORT_CELL_MAX,
  IMPORT_PART_MAX_BYTES,
  IMPORT_PART_MAX_ROWS,
} from '#shared/subscriber-tools';

export interface ImportCell {
  /** The row's number in the file's records, the header being 1: what the owner looks up. */
  row: number;
  email: string;
}

export type ParsedImport =
  | { ok: true; column: string | null; cells: ImportCell[] }
  | { ok: false; message: string };

export const IMPORT_MESSAGES = {
  empty: 'The file has no rows.',
  noColumn:
    'No e-mail column was found: the first line needs a header such as "Email" or "E-mail address".',
  noRows: 'The e-mail column has no addresses.',
} as const;

/** "Email", "E-mail", "email_address", "Subscriber E-Mail", "Mail": an address's header. */
function isEmailHeader(cell: string): boolean {
  const name = cell.toLowerCase().replace(/[^a-z]/g, '');
  return name.includes('email') || name === 'mail' || name === 'mailaddress';
}

export function parseImport(text: string): ParsedImport {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    skipEmptyLines: 'greedy',
    delimitersToGuess: [',', ';', '\t', '|'],
  });
  const rows = parsed.data;
  const first = rows[0];
  if (!first) return { ok: false, message: IMPORT_MESSAGES.empty };
  let column = first.findIndex(isEmailHeader);
  let start = 1;
  if (column === -1) {
    // A plain list of addresses has no header: its first line is already an address.
    column = first.findIndex((cell) => cell.includes('@'));
    if (column === -1) return { ok: false, message: IMPORT_MESSAGES.noColumn };
    start = 0;
  }
  const cells: ImportCell[] = [];
  for (let i = start; i < rows.length; i++) {
    // Cut to the length the API takes: far past any address, so the server still answers
    // it as invalid instead of refusing the whole part.
    const email = (rows[i]?.[column] ?? '').trim().slice(0, IMPORT_CELL_MAX);
    if (email !== '') cells.push({ row: i + 1, email });
  }
  if (cells.length === 0) return { ok: false, message: IMPORT_MESSAGES.noRows };
  return { ok: true, column: start === 1 ? (first[column] ?? '').trim() : null, cells };
}

const encoder = new TextEncoder();
const jsonBytes = (value: unknown) => encoder.encode(JSON.stringify(value)).length;

/**
 * Cuts the cells into parts whose JSON body (`{ emails, consent }`) stays within
 * IMPORT_PART_MAX_BYTES and IMPORT_PART_MAX_ROWS, in the file's order.
 */
export function splitIntoParts(
  cells: ImportCell[],
  consent: boolean,
  maxBytes = IMPORT_PART_MAX_BYTES,
): ImportCell[][] {
  const empty = jsonBytes({ emails: [], consent });
  const parts: ImportCell[][] = [];
  let part: ImportCell[] = [];
  let size = empty;
  for (const cell of cells) {
    // Its quoted JSON, and a comma after the one before.
    const grows = jsonBytes(cell.email) + (part.length > 0 ? 1 : 0);
    if (part.length > 0 && (size + grows > maxBytes || part.length >= IMPORT_PART_MAX_ROWS)) {
      parts.push(part);
      part = [];
      size = empty;
      size += jsonBytes(cell.email);
    } else {
      size += grows;
    }
    part.push(cell);
  }
  if (part.length > 0) parts.push(part);
  return parts;
}
