/**
 * The client's engagement page through app.request() (docs/engagements.md, "What the client
 * sees"): the signed proposal and its PDF, the lead's issued invoices and their PDFs, the calls
 * to come, the files, the thread and its form; kept by no cache, no search engine, no other
 * site; readable with no script; never the lead's notes or anything the owner did not share.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import { bookings } from '#db/schema';
import { engagementPageOutput } from '#shared/shapes/engagement-page';
import type { App } from '#server/app/app';
import { createApp } from '#server/app/app';
import { newToken, tokenHash } from '#server/platform/tokens';
import type { TestDeps } from '#tests/support/app';
import {
  storeEngagement,
  storePageThings,
  type StoredEngagement,
} from '#tests/support/engagements';
import { DOMESTIC_BUYER, ITEMS, invoicing, type Invoicing } from '#tests/support/invoicing';
import { storeLeads } from '#tests/support/stored-leads';

let app: App;
let deps: TestDeps;
let engagement: StoredEngagement;
let issuedId: number;
let draftId: number;
let fileId: number;
let set: Invoicing;

const NOTE = 'Private: budget is tight, push the premium tier';
const HOUR = 3_600_000;

async function storeCall(leadId: number, startMs: number, status: 'confirmed' | 'cancelled') {
  const start = new Date(startMs);
  await writeTransaction(deps.db, (tx) =>
    tx.insert(bookings).values({
      leadId,
      name: 'Ada Client',
      email: 'ada@client.example',
      start,
      end: new Date(startMs + HOUR),
      location: status === 'confirmed' ? 'Video call, Meet' : 'Cancelled room',
      status,
      tokenHash: tokenHash(newToken()),
      updatedAt: start,
    }),
  );
}

beforeEach(async () => {
  set = await invoicing();
  deps = set.deps;
  app = createApp(deps);
  engagement = await storeEngagement(deps, { leadId: set.leadId, title: 'Data platform audit' });
  issuedId = await set.draft();
  await set.admin.invoices.issue({ id: issuedId });
  draftId = await set.draft();
  const now = deps.clock.now().getTime();
  await storeCall(set.leadId, now + 48 * HOUR, 'confirmed');
  await storeCall(set.leadId, now + 72 * HOUR, 'cancelled');
  await storeCall(set.leadId, now - 48 * HOUR, 'confirmed');
  ({ fileId } = await storePageThings(deps, engagement, {
    file: 'kickoff-notes.pdf',
    clientSays: 'Can we start on Monday?',
    ownerSays: 'Monday works, see you then.',
    note: NOTE,
  }));
});

describe('GET /e/:token', () => {
  it('is one page for the client: no script, noindex, no cache, no referrer elsewhere', async () => {
    const response = await app.request(`/e/${engagement.token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(response.headers.get('Referrer-Policy')).toBe('no-referrer');
    expect(response.headers.get('X-Robots-Tag')).toBe('noindex');
    const html = await response.text();
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).not.toContain('<script');
    const base = `/e/${engagement.token}`;
    for (const shown of [
      'Data platform audit',
      engagement.number,
      `${base}/proposal.pdf`,
      `${base}/invoices/${issuedId}/pdf`,
      'Video call, Meet',
      'kickoff-notes.pdf',
      `${base}/files/${fileId}`,
      'Can we start on Monday?',
      'Monday works, see you then.',
      `<form method="post" action="${base}/messages"`,
    ]) {
      expect(html).toContain(shown);
    }
    for (const never of [NOTE, `/invoices/${draftId}/`, 'Cancelled room']) {
      expect(html).not.toContain(never);
    }
  });

  it('answers the same content as JSON at /api/e/:token, in its strict shape', async () => {
    const response = await app.request(`/api/e/${engagement.token}`);
    const body = (await response.json()) as { engagement: unknown };
    const page = engagementPageOutput.parse(body.engagement);
    expect(page.invoices.map((i) => i.id)).toEqual([issuedId]);
    expect(page.calls).toHaveLength(1);
    expect(page.thread.map((m) => m.from)).toEqual(['client', 'owner']);
    expect(page.files.map((f) => f.name)).toEqual(['kickoff-notes.pdf']);
    expect(JSON.stringify(body)).not.toContain(NOTE);
  });
});

describe('the PDFs under the link', () => {
  it('serves the signed proposal and the lead’s issued invoice', async () => {
    for (const path of ['proposal.pdf', `invoices/${issuedId}/pdf`]) {
      const response = await app.request(`/e/${engagement.token}/${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('Content-Type')).toBe('application/pdf');
      expect(response.headers.get('Cache-Control')).toBe('no-store');
    }
  });

  it('answers 404 for a draft, an unknown id, and another lead’s invoice', async () => {
    const [other] = await storeLeads(deps, 1, { email: 'other@client.example' });
    const otherId = other!.lead.id;
    await set.admin.leads.update({ id: otherId, data: { buyer: DOMESTIC_BUYER } });
    const theirs = (await set.admin.invoices.create({ leadId: otherId, items: [...ITEMS] })).invoice
      .id;
    await set.admin.invoices.issue({ id: theirs });
    for (const id of [draftId, 999_999, theirs, 'x']) {
      const response = await app.request(`/e/${engagement.token}/invoices/${id}/pdf`);
      expect(response.status, String(id)).toBe(404);
      expect(response.headers.get('Content-Type')).toContain('text/html');
    }
  });
});

describe('the client’s files under the link', () => {
  const upload = (path: string, name: string, bytes: Uint8Array<ArrayBuffer>) => {
    const body = new FormData();
    body.set('file', new File([bytes], name));
    return app.request(path, { method: 'POST', body, headers: { origin: 'http://localhost' } });
  };
  const text = new TextEncoder().encode('Minutes of the kickoff call.\n');

  it('takes a file by the page’s plain form only once the owner allows it, and gives it back', async () => {
    const base = `/e/${engagement.token}`;
    expect(await (await app.request(base)).text()).not.toContain(`action="${base}/files"`);
    const refused = await upload(`${base}/files`, 'minutes.txt', text);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('<html');

    await set.admin.engagements.update({ id: engagement.id, clientUploads: true });
    expect(await (await app.request(base)).text()).toContain(
      `<form method="post" action="${base}/files" enctype="multipart/form-data"`,
    );
    const sent = await upload(`${base}/files`, 'minutes.txt', text);
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe(`${base}#files`);
    const page = engagementPageOutput.parse(
      ((await (await app.request(`/api/e/${engagement.token}`)).json()) as { engagement: unknown })
        .engagement,
    );
    const stored = page.files.find((file) => file.name === 'minutes.txt');
    expect(stored).toMatchObject({ side: 'client', type: expect.stringContaining('text/plain') });
    const download = await app.request(stored!.downloadPath!);
    expect(download.status).toBe(200);
    expect(download.headers.get('Content-Disposition')).toContain('attachment');
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(text);
  });

  it('answers 404 for an unknown link, and 410 once the link was replaced', async () => {
    const unknown = await upload('/api/e/not-a-token/files', 'minutes.txt', text);
    expect(unknown.status).toBe(404);
    await set.admin.engagements.link({ id: engagement.id });
    for (const path of [`/api/e/${engagement.token}/files`, `/e/${engagement.token}/files`]) {
      expect((await upload(path, 'minutes.txt', text)).status, path).toBe(410);
    }
    expect((await app.request(`/e/${engagement.token}/files/${fileId}`)).status).toBe(410);
  });
});
