/**
 * One file field of a multipart/form-data body (RFC 7578), read as the body streams in and
 * never buffered whole: Hono's `parseBody()` (and so the media uploads of rest-input.ts) holds
 * the entire body, then each field, in memory. Here the file's bytes are counted as they
 * arrive, and past the caller's limit the reading stops at once, the rest of the body unread.
 * The other fields are skipped; only the first part named `field` is kept.
 */

export interface StreamedFile {
  /** The part's `filename` parameter, as sent (cleaning it is the caller's). */
  filename: string;
  bytes: Buffer;
}

/** What reading found: the file, or why there is none. */
export type StreamedPart =
  | { kind: 'file'; file: StreamedFile }
  | { kind: 'too-large' }
  | { kind: 'no-file' }
  | { kind: 'malformed' };

export interface StreamOptions {
  /** The field whose file is read. */
  field: string;
  /** Bytes of the file past which reading stops (`too-large`). */
  maxFileBytes: number;
  /** Bytes of the whole body past which reading stops (the other fields and the headers). */
  maxBodyBytes: number;
  /** The body's declared length, when known: the file's bytes then go in one buffer. */
  sizeHint?: number;
}

/** A part's headers end within this many bytes, or the body is malformed. */
const MAX_PART_HEADER_BYTES = 8 * 1024;
const CRLF = Buffer.from('\r\n');
const HEADERS_END = Buffer.from('\r\n\r\n');

/** The `boundary` of a multipart/form-data Content-Type, or null for any other type. */
export function multipartBoundary(contentType: string | undefined): string | null {
  if (!contentType) return null;
  const [type, ...params] = contentType.split(';');
  if (type?.trim().toLowerCase() !== 'multipart/form-data') return null;
  for (const param of params) {
    const match = /^\s*boundary\s*=\s*(?:"([^"]+)"|([^\s;]+))\s*$/i.exec(param);
    const boundary = match?.[1] ?? match?.[2];
    if (boundary && boundary.length <= 70) return boundary;
  }
  return null;
}

/** The bytes of the file as they come: one buffer of the hinted size, or chunks joined at end. */
class FileBytes {
  private size = 0;
  private readonly chunks: Buffer[] = [];
  private readonly whole: Buffer | null;

  constructor(hint: number | undefined) {
    this.whole = hint !== undefined && hint > 0 ? Buffer.allocUnsafe(hint) : null;
  }

  get length(): number {
    return this.size;
  }

  add(bytes: Buffer): void {
    if (this.whole && this.size + bytes.length <= this.whole.length) {
      bytes.copy(this.whole, this.size);
    } else {
      // The hint was wrong (a body longer than declared): what came so far becomes a chunk.
      if (this.whole && this.chunks.length === 0)
        this.chunks.push(this.whole.subarray(0, this.size));
      this.chunks.push(Buffer.from(bytes));
    }
    this.size += bytes.length;
  }

  done(): Buffer {
    if (this.chunks.length === 0) return (this.whole ?? Buffer.alloc(0)).subarray(0, this.size);
    return Buffer.concat(this.chunks, this.size);
  }
}

interface PartHead {
  name: string | null;
  filename: string | null;
}

function partHead(text: string): PartHead {
  const disposition = text.split('\r\n').find((line) => /^content-disposition\s*:/i.test(line));
  if (!disposition) return { name: null, filename: null };
  const param = (key: string) => {
    const match = new RegExp(
      `;\\s*${key}\\s*=\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]+))`,
      'i',
    ).exec(disposition);
    const value = match?.[1] ?? match?.[2];
    return value === undefined ? null : value.replace(/\\(.)/g, '$1');
  };
  return { name: param('name'), filename: param('filename') };
}

/**
 * Reads `body` up to the end of the file field, then stops (the rest is cancelled).
 * A declared length over the limits should be refused before calling this (nothing read).
 */
export async function readFileField(
  body: ReadableStream<Uint8Array> | null,
  boundary: string,
  options: StreamOptions,
): Promise<StreamedPart> {
  if (!body) return { kind: 'no-file' };
  // The first delimiter may open the body without the CRLF the others have before them.
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const reader = body.getReader();
  let pending: Buffer = Buffer.from(CRLF);
  let read = 0;
  let state: 'preamble' | 'after-delimiter' | 'headers' | 'body' = 'preamble';
  let keep: FileBytes | null = null;
  let filename = '';
  const stop = async (part: StreamedPart) => {
    await reader.cancel().catch(() => undefined);
    return part;
  };

  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { kind: state === 'preamble' ? 'malformed' : 'no-file' };
    read += value.byteLength;
    if (read > options.maxBodyBytes) return stop({ kind: 'too-large' });
    pending = pending.length > 0 ? Buffer.concat([pending, value]) : Buffer.from(value);

    for (;;) {
      if (state === 'preamble' || state === 'body') {
        const at = pending.indexOf(delimiter);
        const end = at === -1 ? Math.max(0, pending.length - delimiter.length + 1) : at;
        if (state === 'body' && keep) keep.add(pending.subarray(0, end));
        if (keep && keep.length > options.maxFileBytes) return stop({ kind: 'too-large' });
        pending = Buffer.from(pending.subarray(at === -1 ? end : at + delimiter.length));
        if (at === -1) break;
        if (keep) return stop({ kind: 'file', file: { filename, bytes: keep.done() } });
        state = 'after-delimiter';
      }
      if (state === 'after-delimiter') {
        if (pending.length < 2) break;
        if (pending[0] === 0x2d && pending[1] === 0x2d) return stop({ kind: 'no-file' });
        const lineEnd = pending.indexOf(CRLF);
        if (lineEnd === -1) {
          if (pending.length > MAX_PART_HEADER_BYTES) return stop({ kind: 'malformed' });
          break;
        }
        // Transport padding (spaces, tabs) may follow a delimiter before its CRLF.
        if (pending.subarray(0, lineEnd).toString('latin1').trim() !== '') {
          return stop({ kind: 'malformed' });
        }
        pending = Buffer.from(pending.subarray(lineEnd + 2));
        state = 'headers';
      }
      if (state === 'headers') {
        const headEnd = pending.indexOf(HEADERS_END);
        const emptyHead = pending.subarray(0, 2).equals(CRLF);
        if (headEnd === -1 && !emptyHead) {
          if (pending.length > MAX_PART_HEADER_BYTES) return stop({ kind: 'malformed' });
          break;
        }
        const head = emptyHead
          ? { name: null, filename: null }
          : partHead(pending.toString('utf8', 0, headEnd));
        pending = Buffer.from(pending.subarray(emptyHead ? 2 : headEnd + 4));
        if (head.name === options.field && head.filename !== null) {
          filename = head.filename;
          keep = new FileBytes(options.sizeHint);
        }
        state = 'body';
      }
    }
  }
}
