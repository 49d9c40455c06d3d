/**
 * The client's handlers, as the lead mounts them on the page's token lookup (here a stand-in
 * that resolves two tokens to two engagements): the upload only while allowed and active, the
 * plain form's 303, the download by (engagement, id) with its headers, and the client's 20
 * uploads an hour.
 */
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestDeps, type TestDeps } from '#tests/support/app';
import { pdfBytes, setEngagement } from '#tests/support/engagement-files';
import { uploadForm } from '#tests/support/images';
import type { AppEnv } from '#server/http/hono-env';
import { ENGAGEMENT_FILE_MESSAGES as MESSAGES } from '#shared/engagements/file-rules';
import type { EngagementFile } from '#shared/shapes/engagements';
import type { EngagementRef } from '../engagement-ref';
import { engagementRefOfId } from '../engagement-store';
import { ChunkedBytes } from '#server/http/chunked-bytes';
import { clientFileUpload, clientFileUploadForm, engagementFileDownload } from './client-handlers';
import { filesOfEngagement } from './file-list';
import { storeFile } from './file-upload';
import { CLIENT_UPLOADS } from './throttle-rules';
import { storeBareEngagement } from '#tests/support/engagements';

let deps: TestDeps;
let mine: EngagementRef;
let theirs: EngagementRef;
let pages: Hono<AppEnv>;

beforeEach(async () => {
  deps = await createTestDeps();
  mine = await storeBareEngagement(deps, { clientUploads: true });
  theirs = await storeBareEngagement(deps, { clientUploads: true });
  const tokens: Record<string, number> = { 'mine-token': mine.id, 'their-token': theirs.id };
  // The page's lookup, as CORE's resolves a token: read afresh on each request.
  const resolve = async (token: string) => {
    const id = tokens[token];
    return id === undefined ? null : engagementRefOfId(deps.db, id);
  };
  pages = new Hono<AppEnv>();
  pages.post('/api/e/:token/files', async (c) => {
    const ref = await resolve(c.req.param('token'));
    return ref ? clientFileUpload(c, deps, ref) : c.notFound();
  });
  pages.post('/e/:token/files', async (c) => {
    const token = c.req.param('token');
    const ref = await resolve(token);
    if (!ref) return c.notFound();
    return clientFileUploadForm(c, deps, ref, token, (status, message) =>
      c.html(`<p role="alert">${message}</p>`, status),
    );
  });
  pages.get('/e/:token/files/:id', async (c) => {
    const ref = await resolve(c.req.param('token'));
    return ref ? engagementFileDownload(c, deps, ref, c.req.param('id')) : c.notFound();
  });
});

async function upload(token: string, bytes: Buffer, name: string) {
  const response = await pages.request(`/api/e/${token}/files`, {
    method: 'POST',
    body: uploadForm(bytes, name),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('the client’s upload', () => {
  it('stores the client’s file on their engagement, on the client’s side', async () => {
    const { status, body } = await upload('mine-token', pdfBytes(), 'brief.pdf');
    expect(status).toBe(201);
    expect(body.file).toMatchObject({ name: 'brief.pdf', side: 'client', type: 'application/pdf' });
  });

  it('answers 403 while the owner has not allowed uploads, 409 once closed', async () => {
    await setEngagement(deps.db, mine.id, { clientUploads: false });
    expect(await upload('mine-token', pdfBytes(), 'a.pdf')).toEqual({
      status: 403,
      body: { success: false, message: MESSAGES.uploadsOff },
    });
    await setEngagement(deps.db, mine.id, { clientUploads: true, status: 'closed' });
    expect(await upload('mine-token', pdfBytes(), 'a.pdf')).toEqual({
      status: 409,
      body: { success: false, message: MESSAGES.closed },
    });
  });

  it('holds the client to the same types', async () => {
    const { status } = await upload('mine-token', Buffer.from('<html></html>'), 'page.pdf');
    expect(status).toBe(415);
  });

  it('as a plain form: 303 back to the page’s files, or the page’s words for a refusal', async () => {
    const done = await pages.request('/e/mine-token/files', {
      method: 'POST',
      body: uploadForm(pdfBytes(), 'form.pdf'),
    });
    expect([done.status, done.headers.get('location')]).toEqual([303, '/e/mine-token#files']);
    const refused = await pages.request('/e/mine-token/files', {
      method: 'POST',
      body: uploadForm(Buffer.from([0, 1, 2]), 'x.pdf'),
    });
    expect(refused.status).toBe(415);
    expect(await refused.text()).toContain(MESSAGES.wrongType);
    const crossSite = await pages.request('/e/mine-token/files', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
      body: uploadForm(pdfBytes(), 'x.pdf'),
    });
    expect(crossSite.status).toBe(403);
  });
});

describe('GET /e/:token/files/:id', () => {
  it('sends the bytes as an attachment of their type, never sniffed, run or kept', async () => {
    const { body } = await upload('mine-token', Buffer.from('a,b\n1,2\n'), 'Ünïcode budget.csv');
    const file = body.file as EngagementFile;
    const response = await pages.request(`/e/mine-token/files/${file.id}`);
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(file.sha256);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="_n_code budget.csv"; filename*=UTF-8''%C3%9Cn%C3%AFcode%20budget.csv`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': 'sandbox',
      'cache-control': 'no-store',
    });
  });

  it('answers 404 for another engagement’s file, with nothing of it', async () => {
    const { body } = await upload('their-token', pdfBytes(), 'secret-plan.pdf');
    const file = body.file as EngagementFile;
    const response = await pages.request(`/e/mine-token/files/${file.id}`);
    expect(response.status).toBe(404);
    const text = await response.text();
    expect(text).not.toContain('secret-plan');
    expect(text).not.toContain('%PDF');
    expect((await pages.request(`/e/their-token/files/${file.id}`)).status).toBe(200);
  });

  it('answers 404 for an id that is none', async () => {
    expect((await pages.request('/e/mine-token/files/abc')).status).toBe(404);
    expect((await pages.request('/e/mine-token/files/999999')).status).toBe(404);
  });
});

const file = (side: 'client' | 'owner') => ({
  name: 'minutes.pdf',
  type: 'application/pdf',
  sha256: createHash('sha256').update(pdfBytes()).digest('hex'),
  bytes: ChunkedBytes.of(pdfBytes()),
  side,
  uploadedBy: side === 'owner' ? 'owner' : null,
});

describe('a file that arrives while the owner changes the engagement', () => {
  it('is refused once uploads were turned off or the engagement closed, read in its write', async () => {
    // What the link's lookup read before the body came.
    const readBefore = { ...mine };
    await setEngagement(deps.db, mine.id, { clientUploads: false });
    await expect(
      storeFile(deps.db, readBefore, file('client'), deps.clock.now()),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await setEngagement(deps.db, mine.id, { status: 'closed' });
    await expect(
      storeFile(deps.db, readBefore, file('owner'), deps.clock.now()),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await filesOfEngagement(deps.db, mine.id)).toEqual([]);
  });
});

describe("the client's uploads in an hour", () => {
  it('stores 20 of 21 sent at once on one engagement, refuses one 429; the owner’s are not counted', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 21 }, () => storeFile(deps.db, mine, file('client'), deps.clock.now())),
    );
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused.map((r) => (r.reason as { code: string }).code)).toEqual(['TOO_MANY_REQUESTS']);
    expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({
      message: expect.stringContaining(CLIENT_UPLOADS.message) as unknown,
    });
    expect(await filesOfEngagement(deps.db, mine.id)).toHaveLength(20);
    // Another engagement, and the owner on this one, are not held by it.
    await storeFile(deps.db, theirs, file('client'), deps.clock.now());
    await storeFile(deps.db, mine, file('owner'), deps.clock.now());
    expect(await filesOfEngagement(deps.db, mine.id)).toHaveLength(21);
    // An hour on, the client may send again.
    deps.clock.advance(60 * 60_000);
    await storeFile(deps.db, mine, file('client'), deps.clock.now());
  });
});
