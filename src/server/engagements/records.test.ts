/**
 * A person's engagement in their records (docs/engagements.md, "Records"): the lead's export
 * holds it, its links' times (never a hash), its files listed (never their bytes) and its
 * thread; erasing the lead removes it, and its link then answers 404.
 */
import { beforeEach, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import {
  engagementFileParts,
  engagementFiles,
  engagementLinks,
  engagements,
  outbox,
} from '#db/schema';
import { ChunkedBytes } from '#server/http/chunked-bytes';
import { storeFile } from './files/file-upload';
import { engagementRefOfId } from './engagement-store';
import { pdfBytes } from '#tests/support/engagement-files';
import { THREAD_NOTICE_TOPIC } from '#shared/engagements/thread';
import type { App } from '#server/app/app';
import { personData } from '#server/leads/person-data';
import { adminCaller, createTestApp, testConfig, type TestDeps } from '#tests/support/app';
import {
  storeEngagement,
  storePageThings,
  type StoredEngagement,
} from '#tests/support/engagements';

let app: App;
let deps: TestDeps;
let engagement: StoredEngagement;
let other: StoredEngagement;

beforeEach(async () => {
  ({ app, deps } = await createTestApp());
  engagement = await storeEngagement(deps, { title: 'Data platform audit' });
  other = await storeEngagement(deps, { title: 'Someone else’s work' });
  await storePageThings(deps, engagement, {
    file: 'plan.pdf',
    clientSays: 'When do we start?',
    ownerSays: 'Monday.',
    note: 'a note',
  });
});

it('exports the engagement with its links’ times, its files listed and its thread', async () => {
  const data = await personData(deps.db, engagement.leadId, deps.clock.now());
  expect(data?.engagements).toEqual([
    {
      title: 'Data platform audit',
      status: 'active',
      clientUploads: false,
      createdAt: expect.any(String),
      closedAt: null,
      links: [{ createdAt: expect.any(String), endedAt: null, endedHow: null }],
      files: [expect.objectContaining({ name: 'plan.pdf', size: 5, side: 'owner' })],
      thread: [
        { from: 'client', text: 'When do we start?', at: expect.any(String) },
        { from: 'owner', text: 'Monday.', at: expect.any(String) },
      ],
    },
  ]);
  const text = JSON.stringify(data);
  const [link] = await deps.db
    .select()
    .from(engagementLinks)
    .where(eq(engagementLinks.engagementId, engagement.id))
    .all();
  expect(text).not.toContain(link!.tokenHash);
  expect(text).not.toContain('Someone else');
});

it('erases the engagement with the lead: its link answers 404, another’s still works', async () => {
  expect((await app.request(`/e/${engagement.token}`)).status).toBe(200);
  await (await adminCaller(deps)).leads.erase({ id: engagement.leadId });
  expect(
    await deps.db.select().from(engagements).where(eq(engagements.id, engagement.id)).all(),
  ).toEqual([]);
  expect(await deps.db.select().from(engagementFiles).all()).toEqual([]);
  expect(
    await deps.db
      .select()
      .from(engagementLinks)
      .where(eq(engagementLinks.engagementId, engagement.id))
      .all(),
  ).toEqual([]);
  expect((await app.request(`/e/${engagement.token}`)).status).toBe(404);
  expect((await app.request(`/api/e/${engagement.token}`)).status).toBe(404);
  expect((await app.request(`/api/e/${other.token}`)).status).toBe(200);
});

it('erases the owner’s notice of the client’s messages still waiting, which names the person', async () => {
  const set = await createTestApp({ config: testConfig({ contactNotifyTo: 'owner@example.com' }) });
  const mine = await storeEngagement(set.deps, { title: 'Notified work' });
  const theirs = await storeEngagement(set.deps, { title: 'Other notified work' });
  for (const { token } of [mine, theirs]) {
    const sent = await set.app.request(`/api/e/${token}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Are we on for Monday?' }),
    });
    expect(sent.status).toBe(201);
  }
  const notices = async () =>
    (await set.deps.db.select({ ref: outbox.ref }).from(outbox).all())
      .map(({ ref }) => ref)
      .filter((ref) => ref?.startsWith(`${THREAD_NOTICE_TOPIC}:`));
  expect(await notices()).toHaveLength(2);
  await (await adminCaller(set.deps)).leads.erase({ id: mine.leadId });
  expect(await notices()).toEqual([`${THREAD_NOTICE_TOPIC}:${theirs.id}`]);
});

it('erases every piece of a large file with the lead', async () => {
  const bytes = pdfBytes(600 * 1024);
  await storeFile(
    deps.db,
    await engagementRefOfId(deps.db, engagement.id),
    {
      name: 'big.pdf',
      type: 'application/pdf',
      sha256: createHash('sha256').update(bytes).digest('hex'),
      bytes: ChunkedBytes.of(bytes),
      side: 'owner',
      uploadedBy: 'owner',
    },
    deps.clock.now(),
  );
  expect((await deps.db.select().from(engagementFileParts).all()).length).toBeGreaterThan(0);
  await (await adminCaller(deps)).leads.erase({ id: engagement.leadId });
  expect(await deps.db.select().from(engagementFileParts).all()).toEqual([]);
});
