/**
 * One file field of a multipart/form-data body (RFC 7578), read as the body streams in and
 * never buffered whole: Hono's `parseBody()` (and so the media uploads of rest-input.ts) holds
 * the entire body, then each field, in memory. Here the file's bytes are counted as they
 * arrive, and past the caller's limit the reading stops at once, the rest of the body unread.
 * The other fields are skipped; only the first part named `field` is kept.
 */
import { ChunkedBytes } from './chunked-bytes';

export interface StreamedFile {
  /** The part's `filename` parameter, as sent (cleaning it is the caller's). */
  filename: string;
  bytes: ChunkedBytes;
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
 * One chunk inside a part: the data it ends (`data`), and after the delimiter that ends the
 * part, the rest of the chunk (`rest`); or, no delimiter yet, the tail that may be its start.
 * `tail` is shorter than the delimiter, so a delimiter begun in it ends in the chunk's first
 * bytes: only those are joined to it.
 */
function bodyStep(
  tail: Buffer,
  chunk: Buffer,
  delimiter: Buffer,
): { data: Buffer[]; rest: Buffer | null; tail: Buffer } {
  // A chunk shorter than the delimiter cannot settle the tail: the two are one small chunk.
  if (tail.length > 0 && chunk.length < delimiter.length) {
    return bodyStep(Buffer.alloc(0), Buffer.concat([tail, chunk]), delimiter);
  }
  const data: Buffer[] = [];
  if (tail.length > 0) {
    const joined = Buffer.concat([tail, chunk.subarray(0, delimiter.length - 1)]);
    const at = joined.indexOf(delimiter);
    if (at !== -1) {
      data.push(tail.subarray(0, at));
      return { data, rest: chunk.subarray(at + delimiter.length - tail.length), tail };
    }
    data.push(tail);
  }
  const at = chunk.indexOf(delimiter);
  if (at !== -1) {
    data.push(chunk.subarray(0, at));
    return { data, rest: chunk.subarray(at + delimiter.length), tail };
  }
  const end = Math.max(0, chunk.length - delimiter.length + 1);
  data.push(chunk.subarray(0, end));
  return { data, rest: null, tail: Buffer.from(chunk.subarray(end)) };
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
  // Declared wide: the loop below moves between the states.
  let state = 'preamble' as 'preamble' | 'after-delimiter' | 'headers' | 'body';
  let keep = null as ChunkedBytes | null;
  let filename = '';
  const stop = async (part: StreamedPart) => {
    await reader.cancel().catch(() => undefined);
    return part;
  };

  for (;;) {
    const { done, value } = await reader.read();
    // Ended before its first delimiter, or inside the file: not a whole form.
    if (done) return { kind: state === 'preamble' || keep ? 'malformed' : 'no-file' };
    read += value.byteLength;
    if (read > options.maxBodyBytes) return stop({ kind: 'too-large' });
    const chunk = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    if (state === 'body') {
      // Inside a part the chunk is searched where it lies, never copied onto the kept tail:
      // a copy of every chunk was as much garbage again as the file (docs/performance.md).
      const step = bodyStep(pending, chunk, delimiter);
      for (const data of step.data) keep?.add(data);
      if (keep && keep.length > options.maxFileBytes) return stop({ kind: 'too-large' });
      if (step.rest === null) {
        pending = step.tail;
        continue;
      }
      if (keep) return stop({ kind: 'file', file: { filename, bytes: keep } });
      pending = step.rest;
      state = 'after-delimiter';
    } else {
      pending = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
    }

    for (;;) {
      if (state === 'preamble' || state === 'body') {
        const at = pending.indexOf(delimiter);
        const end = at === -1 ? Math.max(0, pending.length - delimiter.length + 1) : at;
        if (state === 'body' && keep) keep.add(pending.subarray(0, end));
        if (keep && keep.length > options.maxFileBytes) return stop({ kind: 'too-large' });
        pending = Buffer.from(pending.subarray(at === -1 ? end : at + delimiter.length));
        if (at === -1) break;
        if (keep) return stop({ kind: 'file', file: { filename, bytes: keep } });
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
          keep = new ChunkedBytes();
        }
        state = 'body';
      }
    }
  }
}
