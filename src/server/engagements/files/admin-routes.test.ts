/**
 * The owner's upload, POST /api/engagements/:id/files, through the whole app (app.request):
 * each type by its bytes, the 10 MB and 200 MB limits (uploads at once included), the body
 * left unread when refused, the name cleaned, the SHA-256 kept, the audit entry.
 */
import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { writeTransaction } from '#db';
import { engagementFiles } from '#db/schema';
import { createTestApp, signedInCookie, type TestDeps } from '#tests/support/app';
import { auditEntries } from '#tests/support/audit';
import {
  EXE_BYTES,
  HTML_BYTES,
  pdfBytes,
  sampleFiles,
  setEngagement,
} from '#tests/support/engagement-files';
import { testImage, uploadForm } from '#tests/support/images';
import type { App } from '#server/app/app';
import {
  ENGAGEMENT_FILE_MAX_BYTES,
  ENGAGEMENT_FILE_MESSAGES as MESSAGES,
  ENGAGEMENT_FILE_TYPES,
  ENGAGEMENT_FILES_TOTAL_BYTES,
} from '#shared/engagements/file-rules';
import type { EngagementRef } from '../engagement-ref';
import { storeBareEngagement } from '#tests/support/engagements';

let app: App;
let deps: TestDeps;
let cookie: string;
let engagement: EngagementRef;

beforeEach(async () => {
  ({ app, deps } = await createTestApp());
  cookie = await signedInCookie(deps);
  engagement = await storeBareEngagement(deps);
});

async function upload(
  body: FormData | string,
  headers: Record<string, string> = {},
  id = engagement.id,
) {
  const response = await app.request(`/api/engagements/${id}/files`, {
    method: 'POST',
    headers: { cookie, ...headers },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const storedRows = () =>
  deps.db
    .select()
    .from(engagementFiles)
    .where(eq(engagementFiles.engagementId, engagement.id))
    .all();

/** `body` as a stream of 64 KiB chunks, counting what the server pulled from it. */
function streamed(body: Buffer) {
  const pulled = { bytes: 0 };
  let at = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= body.length) return controller.close();
      const chunk = body.subarray(at, at + 65_536);
      at += chunk.length;
      pulled.bytes += chunk.length;
      controller.enqueue(new Uint8Array(chunk));
    },
  });
  return { stream, pulled };
}

async function encoded(form: FormData) {
  const request = new Request('http://x/', { method: 'POST', body: form });
  return {
    body: Buffer.from(await request.arrayBuffer()),
    type: request.headers.get('content-type') ?? '',
  };
}

describe('POST /api/engagements/:id/files', () => {
  it('stores each allowed type as its bytes show, with its SHA-256, audited', async () => {
    for (const { kind, name, bytes } of await sampleFiles()) {
      const { status, body } = await upload(uploadForm(bytes, name));
      expect([name, status]).toEqual([name, 201]);
      expect(body.file).toMatchObject({
        name,
        type: ENGAGEMENT_FILE_TYPES[kind],
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        side: 'owner',
      });
    }
    const rows = await storedRows();
    expect(rows).toHaveLength(11);
    expect(rows.every((row) => row.uploadedBy === 'admin')).toBe(true);
    const [first] = rows;
    expect(first && Buffer.from(first.bytes).equals(pdfBytes())).toBe(true);
    const audit = (await auditEntries(deps.db)).filter((e) => e.action === 'engagement_file_added');
    expect(audit.map((e) => e.target)).toContain(`engagement ${engagement.id}: scope.pdf`);
    expect(audit).toHaveLength(11);
  });

  it.each([
    ['a program', EXE_BYTES],
    ['a web page', HTML_BYTES],
  ])('refuses %s named report.pdf with 415, storing nothing', async (_, bytes) => {
    const { status, body } = await upload(uploadForm(bytes, 'report.pdf'));
    expect([status, body]).toEqual([415, { success: false, message: MESSAGES.wrongType }]);
    expect(await storedRows()).toEqual([]);
  });

  it('stores a PNG named x.pdf as the PNG it is, named x.png', async () => {
    const { status, body } = await upload(uploadForm(await testImage('png', 8, 8), 'x.pdf'));
    expect(status).toBe(201);
    expect(body.file).toMatchObject({ name: 'x.png', type: 'image/png' });
  });

  it('cleans the name it was sent', async () => {
    const { body } = await upload(uploadForm(pdfBytes(), '../..\\.hidden\u202escope\u0007.pdf'));
    expect(body.file).toMatchObject({ name: 'hiddenscope.pdf' });
  });

  it('takes a file of exactly 10 MB and refuses one byte more with a 413 naming the limit', async () => {
    expect((await upload(uploadForm(pdfBytes(ENGAGEMENT_FILE_MAX_BYTES), 'big.pdf'))).status).toBe(
      201,
    );
    const { status, body } = await upload(
      uploadForm(pdfBytes(ENGAGEMENT_FILE_MAX_BYTES + 1), 'big.pdf'),
    );
    expect([status, body]).toEqual([413, { success: false, message: MESSAGES.tooLarge }]);
    expect(MESSAGES.tooLarge).toContain('10 MB');
    expect(await storedRows()).toHaveLength(1);
  });

  it('stops reading a body without a length once the file passes 10 MB', async () => {
    const { body, type } = await encoded(uploadForm(pdfBytes(40 * 1024 * 1024), 'huge.pdf'));
    const { stream, pulled } = streamed(body);
    const response = await app.request(`/api/engagements/${engagement.id}/files`, {
      method: 'POST',
      headers: { cookie, 'content-type': type },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(pulled.bytes).toBeLessThan(ENGAGEMENT_FILE_MAX_BYTES + 4 * 65_536);
  });

  it('refuses a declared length over the limit before reading any of it', async () => {
    const { body, type } = await encoded(uploadForm(pdfBytes(11 * 1024 * 1024), 'big.pdf'));
    const { stream, pulled } = streamed(body);
    const response = await app.request(`/api/engagements/${engagement.id}/files`, {
      method: 'POST',
      headers: { cookie, 'content-type': type, 'content-length': String(body.length) },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(pulled.bytes).toBeLessThanOrEqual(65_536);
  });

  it('refuses a file that would take the engagement past 200 MB with a 413 naming the limit', async () => {
    await holdBytes(engagement.id, ENGAGEMENT_FILES_TOTAL_BYTES - 1000);
    const { status, body } = await upload(uploadForm(pdfBytes(2000), 'one-too-many.pdf'));
    expect([status, body]).toEqual([413, { success: false, message: MESSAGES.totalTooLarge }]);
    expect(MESSAGES.totalTooLarge).toContain('200 MB');
    expect((await upload(uploadForm(pdfBytes(1000), 'just-fits.pdf'))).status).toBe(201);
  });

  it('holds the 200 MB when twenty uploads arrive at once', async () => {
    const size = 1024 * 1024;
    await holdBytes(engagement.id, ENGAGEMENT_FILES_TOTAL_BYTES - 2.5 * size);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => upload(uploadForm(pdfBytes(size), `part-${i}.pdf`))),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    expect(results.filter((r) => r.status === 413)).toHaveLength(18);
    const total = (await storedRows()).reduce((sum, row) => sum + row.size, 0);
    expect(total).toBeLessThanOrEqual(ENGAGEMENT_FILES_TOTAL_BYTES);
  });

  it('counts the files of its own engagement only', async () => {
    const other = await storeBareEngagement(deps);
    await holdBytes(other.id, ENGAGEMENT_FILES_TOTAL_BYTES);
    expect((await upload(uploadForm(pdfBytes(), 'mine.pdf'))).status).toBe(201);
  });

  it('answers 401 signed out, 404 for no such engagement, 409 once closed', async () => {
    const form = () => uploadForm(pdfBytes(), 'a.pdf');
    expect((await upload(form(), { cookie: '' })).status).toBe(401);
    expect((await upload(form(), {}, 999_999)).status).toBe(404);
    const { status } = await app.request('/api/engagements/abc/files', {
      method: 'POST',
      headers: { cookie },
      body: form(),
    });
    expect(status).toBe(404);
    await setEngagement(deps.db, engagement.id, { status: 'closed' });
    const closed = await upload(form());
    expect([closed.status, closed.body.message]).toEqual([409, MESSAGES.closed]);
    expect(await storedRows()).toEqual([]);
  });

  it('answers 400 for a form without the file, 415 for a body that is no form', async () => {
    const form = new FormData();
    form.append('note', 'no file here');
    expect(await upload(form)).toEqual({
      status: 400,
      body: { success: false, message: MESSAGES.noFile },
    });
    const json = await upload('{"file":"x"}', { 'content-type': 'application/json' });
    expect([json.status, json.body.message]).toEqual([415, MESSAGES.notMultipart]);
    const empty = await upload(uploadForm(Buffer.alloc(0), 'empty.txt'));
    expect([empty.status, empty.body.message]).toEqual([400, MESSAGES.empty]);
  });

  it('refuses a cross-site upload with 403 before reading it', async () => {
    const { status } = await upload(uploadForm(pdfBytes(), 'a.pdf'), {
      origin: 'https://evil.example',
    });
    expect(status).toBe(403);
    expect(await storedRows()).toEqual([]);
  });
});

/**
 * Files of `bytes` in all on the engagement, as their sizes count toward the total: the rows
 * say the size, their stored bytes are a token few (the total is the sum of the rows' sizes).
 */
async function holdBytes(engagementId: number, bytes: number) {
  const each = 10 * 1024 * 1024;
  for (let left = bytes; left > 0; left -= each) {
    await writeTransaction(deps.db, (tx) =>
      tx
        .insert(engagementFiles)
        .values({
          engagementId,
          name: 'held.pdf',
          type: 'application/pdf',
          size: Math.min(each, left),
          sha256: '0'.repeat(64),
          bytes: Buffer.from('%PDF-'),
          side: 'owner',
        })
        .run(),
    );
  }
}
