/**
 * The owner's upload over a real Node server (http/listen.ts), its body a stream of Node's
 * chunks: the file stored whole in its parts, and a body past 10 MB without a length
 * answered 413, the answer reaching the client.
 */
import type { Server } from 'node:http';
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestApp, signedInCookie } from '#tests/support/app';
import { pdfBytes } from '#tests/support/engagement-files';
import { uploadForm } from '#tests/support/images';
import { listen } from '#server/http/listen';
import { ENGAGEMENT_FILE_MESSAGES } from '#shared/engagements/file-rules';
import type { EngagementFile } from '#shared/shapes/engagements';
import { readFile } from './file-store';
import { storeBareEngagement } from '#tests/support/engagements';

let server: Server | undefined;
let url: string;
let cookie: string;
let engagementId: number;
let deps: Awaited<ReturnType<typeof createTestApp>>['deps'];

beforeEach(async () => {
  const made = await createTestApp();
  deps = made.deps;
  cookie = await signedInCookie(deps);
  engagementId = (await storeBareEngagement(deps)).id;
  const port = await new Promise<number>((resolve) => {
    server = listen(made.app.fetch, { hostname: '127.0.0.1', port: 0 }, (info) =>
      resolve(info.port),
    );
  });
  url = `http://127.0.0.1:${port}/api/engagements/${engagementId}/files`;
});

afterEach(
  () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
);

it('stores a file of several parts whole, its bytes read as they came', async () => {
  const bytes = pdfBytes(3 * 1024 * 1024 + 17);
  const response = await fetch(url, {
    method: 'POST',
    headers: { cookie },
    body: uploadForm(bytes, 'three.pdf'),
  });
  expect(response.status).toBe(201);
  const { file } = (await response.json()) as { file: EngagementFile };
  expect(file.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
  const stored = await readFile(deps.db, engagementId, file.id);
  const back = Buffer.from(await new Response(stored?.stream).arrayBuffer());
  expect(back.equals(bytes)).toBe(true);
});

it('answers 413 to a body past 10 MB sent without a length', async () => {
  const form = uploadForm(pdfBytes(12 * 1024 * 1024), 'big.pdf');
  const encoded = new Request('http://x/', { method: 'POST', body: form });
  const body = Buffer.from(await encoded.arrayBuffer());
  let at = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= body.length) return controller.close();
      controller.enqueue(new Uint8Array(body.subarray(at, (at += 256 * 1024))));
    },
  });
  const response = await fetch(url, {
    method: 'POST',
    headers: { cookie, 'content-type': encoded.headers.get('content-type') ?? '' },
    body: stream,
    duplex: 'half',
  } as RequestInit);
  expect([response.status, await response.json()]).toEqual([
    413,
    { success: false, message: ENGAGEMENT_FILE_MESSAGES.tooLarge },
  ]);
});
