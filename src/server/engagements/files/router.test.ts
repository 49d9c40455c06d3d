/**
 * The owner's list (createCaller) and DELETE /api/engagements/:id/files/:fileId (app.request):
 * a file removed by (engagement, id), another engagement's file 404 and kept, audited.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { adminCaller, createTestApp, signedInCookie, type TestDeps } from '#tests/support/app';
import { auditEntries } from '#tests/support/audit';
import { pdfBytes } from '#tests/support/engagement-files';
import { uploadForm } from '#tests/support/images';
import type { App } from '#server/app/app';
import type { EngagementFile } from '#shared/shapes/engagements';
import type { EngagementRef } from '../engagement-ref';
import { filesOfEngagement } from './file-list';
import { storeBareEngagement } from '#tests/support/engagements';

let app: App;
let deps: TestDeps;
let cookie: string;
let mine: EngagementRef;
let theirs: EngagementRef;

beforeEach(async () => {
  ({ app, deps } = await createTestApp());
  cookie = await signedInCookie(deps);
  mine = await storeBareEngagement(deps);
  theirs = await storeBareEngagement(deps);
});

async function uploaded(engagementId: number, name: string): Promise<EngagementFile> {
  const response = await app.request(`/api/engagements/${engagementId}/files`, {
    method: 'POST',
    headers: { cookie },
    body: uploadForm(pdfBytes(), name),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { file: EngagementFile }).file;
}

const remove = (engagementId: number, fileId: number | string) =>
  app.request(`/api/engagements/${engagementId}/files/${fileId}`, {
    method: 'DELETE',
    headers: { cookie },
  });

describe('engagementFiles.list', () => {
  it('lists the engagement’s files oldest first, without their bytes, and no other’s', async () => {
    const first = await uploaded(mine.id, 'one.pdf');
    const second = await uploaded(mine.id, 'two.pdf');
    await uploaded(theirs.id, 'theirs.pdf');
    const caller = await adminCaller(deps);
    expect(await caller.engagementFiles.list({ id: mine.id })).toEqual({ files: [first, second] });
    expect(await filesOfEngagement(deps.db, mine.id)).toEqual([first, second]);
    expect(Object.keys(first)).not.toContain('bytes');
  });

  it('answers NOT_FOUND for no such engagement', async () => {
    const caller = await adminCaller(deps);
    await expect(caller.engagementFiles.list({ id: 999_999 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('DELETE /api/engagements/:id/files/:fileId', () => {
  it('removes the file, audited', async () => {
    const file = await uploaded(mine.id, 'gone.pdf');
    const response = await remove(mine.id, file.id);
    expect([response.status, await response.json()]).toEqual([200, { success: true }]);
    expect(await filesOfEngagement(deps.db, mine.id)).toEqual([]);
    const audit = await auditEntries(deps.db);
    expect(audit.at(-1)).toMatchObject({
      action: 'engagement_file_deleted',
      target: `engagement ${mine.id}: gone.pdf`,
    });
  });

  it('answers 404 for another engagement’s file and keeps it', async () => {
    const file = await uploaded(theirs.id, 'theirs.pdf');
    const response = await remove(mine.id, file.id);
    expect([response.status, await response.json()]).toEqual([
      404,
      { success: false, message: 'No such file.' },
    ]);
    expect(await filesOfEngagement(deps.db, theirs.id)).toEqual([file]);
  });

  it('answers 404 for no such engagement, 401 signed out', async () => {
    const file = await uploaded(mine.id, 'kept.pdf');
    expect((await remove(999_999, file.id)).status).toBe(404);
    const signedOut = await app.request(`/api/engagements/${mine.id}/files/${file.id}`, {
      method: 'DELETE',
    });
    expect(signedOut.status).toBe(401);
    expect(await filesOfEngagement(deps.db, mine.id)).toEqual([file]);
  });
});
