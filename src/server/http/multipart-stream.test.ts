/**
 * The streamed reading of a multipart body's file: the bytes whatever the chunks' sizes, the
 * other fields skipped, and reading stopped past the limit with the rest of the body unread.
 */
import { describe, expect, it } from 'vitest';
import { multipartBoundary, readFileField, type StreamOptions } from './multipart-stream';

const OPTIONS: StreamOptions = { field: 'file', maxFileBytes: 1000, maxBodyBytes: 2000 };

/** The bytes and Content-Type a browser sends for this form. */
async function encoded(form: FormData): Promise<{ body: Buffer; type: string }> {
  const request = new Request('http://x/', { method: 'POST', body: form });
  return {
    body: Buffer.from(await request.arrayBuffer()),
    type: request.headers.get('content-type') ?? '',
  };
}

/** `body` as a stream of `size`-byte chunks (or sizes in turn), counting what was pulled. */
function chunked(body: Buffer, size: number | readonly number[]) {
  const sizes = typeof size === 'number' ? [size] : size;
  let turn = 0;
  const pulled = { bytes: 0 };
  let at = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= body.length) return controller.close();
      const chunk = body.subarray(at, at + (sizes[turn++ % sizes.length] ?? 1));
      at += chunk.length;
      pulled.bytes += chunk.length;
      controller.enqueue(new Uint8Array(chunk));
    },
  });
  return { stream, pulled };
}

function formWith(bytes: Uint8Array, name = 'a.bin'): FormData {
  const form = new FormData();
  form.append('note', 'before the file');
  form.append('file', new File([new Uint8Array(bytes)], name));
  form.append('after', 'after the file');
  return form;
}

describe('readFileField', () => {
  const bytes = Buffer.from(Array.from({ length: 900 }, (_, i) => (i * 7) % 256));
  // Bytes that look like a delimiter's start, CRLF and dashes, inside the file.
  bytes.write('\r\n--\r\n-', 100, 'latin1');

  it.each([1, 3, 64, 4096])('reads the file whole in chunks of %i bytes', async (size) => {
    const { body, type } = await encoded(formWith(bytes, 'dir/ré sumé.pdf'));
    const boundary = multipartBoundary(type);
    expect(boundary).not.toBeNull();
    const part = await readFileField(chunked(body, size).stream, boundary ?? '', OPTIONS);
    expect(part.kind).toBe('file');
    if (part.kind !== 'file') return;
    expect(part.file.bytes.slice(0).equals(bytes)).toBe(true);
    expect(part.file.filename).toBe('dir/ré sumé.pdf');
  });

  it('reads the file whole whatever the chunks, around the delimiter’s length', async () => {
    const { body, type } = await encoded(formWith(bytes));
    const boundary = multipartBoundary(type) ?? '';
    const d = boundary.length + 4;
    for (const sizes of [
      [d - 1],
      [d],
      [d + 1],
      [1, d - 2, 2],
      [d - 1, 1, 5, 2 * d + 1],
      [7, 500],
    ]) {
      const part = await readFileField(chunked(body, sizes).stream, boundary, OPTIONS);
      expect([sizes, part.kind === 'file' && part.file.bytes.slice(0).equals(bytes)]).toEqual([
        sizes,
        true,
      ]);
    }
  });

  it('stops reading past the file limit, the rest of the body left unread', async () => {
    const { body, type } = await encoded(formWith(Buffer.alloc(50_000, 1)));
    const { stream, pulled } = chunked(body, 100);
    const part = await readFileField(stream, multipartBoundary(type) ?? '', {
      ...OPTIONS,
      maxBodyBytes: 100_000,
    });
    expect(part.kind).toBe('too-large');
    expect(pulled.bytes).toBeLessThan(1500);
  });

  it('stops reading past the body limit, whatever the fields', async () => {
    const form = new FormData();
    form.append('big', 'x'.repeat(10_000));
    form.append('file', new File(['a'], 'a.txt'));
    const { body, type } = await encoded(form);
    const { stream, pulled } = chunked(body, 100);
    expect((await readFileField(stream, multipartBoundary(type) ?? '', OPTIONS)).kind).toBe(
      'too-large',
    );
    expect(pulled.bytes).toBeLessThan(2200);
  });

  it('finds no file in a form without the field, or with it as a text', async () => {
    const form = new FormData();
    form.append('file', 'just text');
    const { body, type } = await encoded(form);
    const part = await readFileField(
      chunked(body, 10).stream,
      multipartBoundary(type) ?? '',
      OPTIONS,
    );
    expect(part.kind).toBe('no-file');
  });

  it('calls a body cut off inside the file malformed', async () => {
    const { body, type } = await encoded(formWith(bytes));
    const cut = body.subarray(0, body.indexOf(bytes) + 500);
    const part = await readFileField(
      chunked(cut, 64).stream,
      multipartBoundary(type) ?? '',
      OPTIONS,
    );
    expect(part.kind).toBe('malformed');
  });

  it('calls a body with no delimiter malformed', async () => {
    const part = await readFileField(
      chunked(Buffer.from('not a form at all'), 5).stream,
      'boundary',
      OPTIONS,
    );
    expect(part.kind).toBe('malformed');
  });
});

describe('multipartBoundary', () => {
  it('reads the boundary, quoted or not, of multipart/form-data only', () => {
    expect(multipartBoundary('multipart/form-data; boundary=abc')).toBe('abc');
    expect(multipartBoundary('Multipart/Form-Data; charset=x; boundary="a b"')).toBe('a b');
    expect(multipartBoundary('application/json')).toBeNull();
    expect(multipartBoundary('multipart/form-data')).toBeNull();
    expect(multipartBoundary(undefined)).toBeNull();
  });
});
