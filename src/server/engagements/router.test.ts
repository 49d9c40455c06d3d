/**
 * The owner's engagements (docs/api.md, "Engagements"): GET, a new link (mailed; the old one
 * 410 at once), revoke, close, PATCH the client's uploads, and the preview that is the client's
 * page without a client session; each change audited, each path the admin's only.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { sessions } from '#db/schema';
import { mailsSettled } from '#server/platform/mail';
import type { App } from '#server/app/app';
import {
  createRecordingMailer,
  createTestApp,
  signedInCookie,
  type RecordingMailer,
  type TestDeps,
} from '#tests/support/app';
import { auditEntries } from '#tests/support/audit';
import { rest, UNAUTHORIZED, type AdminRest } from '#tests/support/rest';
import {
  storeEngagement,
  storePageThings,
  type StoredEngagement,
} from '#tests/support/engagements';

let app: App;
let deps: TestDeps;
let mailer: RecordingMailer;
let asAdmin: AdminRest;
let engagement: StoredEngagement;

beforeEach(async () => {
  mailer = createRecordingMailer();
  ({ app, deps } = await createTestApp({ mailer }));
  const cookie = await signedInCookie(deps);
  asAdmin = (method, path, opts = {}) => rest(app, method, path, { ...opts, cookie });
  engagement = await storeEngagement(deps, { title: 'Data platform audit' });
});

const pageStatus = async (token: string) => (await app.request(`/api/e/${token}`)).status;
const actions = async () => (await auditEntries(deps.db)).map((e) => [e.action, e.target]);
const target = () => `engagement ${engagement.id} "Data platform audit"`;

describe('the admin’s engagement paths', () => {
  it('reads one: 200, an unknown one 404', async () => {
    const { status, body } = await asAdmin('GET', `/api/engagements/${engagement.id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      success: true,
      engagement: { id: engagement.id, status: 'active', linkActive: true, clientUploads: false },
    });
    expect((await asAdmin('GET', '/api/engagements/9999')).status).toBe(404);
    expect((await asAdmin('GET', `/api/leads/${engagement.leadId}/engagement`)).body).toMatchObject(
      { engagement: { id: engagement.id } },
    );
  });

  it('makes a new link, mailed to the lead: the old one answers 410 at once', async () => {
    const { status } = await asAdmin('POST', `/api/engagements/${engagement.id}/link`);
    expect(status).toBe(200);
    expect(await pageStatus(engagement.token)).toBe(410);
    await mailsSettled(deps.mailer);
    const [mail] = mailer.sent;
    expect(mail?.to).toBe(engagement.email);
    const token = /\/e\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(await pageStatus(token)).toBe(200);
    expect(await actions()).toEqual([['engagement_link_made', target()]]);
  });

  it('revokes the link: 410, no link works until a new one', async () => {
    const { body } = await asAdmin('POST', `/api/engagements/${engagement.id}/revoke`);
    expect(body).toMatchObject({ engagement: { linkActive: false, linkCreatedAt: null } });
    expect(await pageStatus(engagement.token)).toBe(410);
    expect(await actions()).toEqual([['engagement_link_revoked', target()]]);
  });

  it('closes it once: the page turns read-only, a second close records nothing', async () => {
    const { body } = await asAdmin('POST', `/api/engagements/${engagement.id}/close`);
    expect(body).toMatchObject({ engagement: { status: 'closed', closedAt: expect.any(String) } });
    await asAdmin('POST', `/api/engagements/${engagement.id}/close`);
    const page = (await (await app.request(`/api/e/${engagement.token}`)).json()) as {
      engagement: { readOnly: boolean };
    };
    expect(page.engagement.readOnly).toBe(true);
    expect(await actions()).toEqual([['engagement_closed', target()]]);
    expect((await asAdmin('POST', `/api/engagements/${engagement.id}/link`)).status).toBe(409);
  });

  it('allows the client’s uploads by PATCH, and refuses a value that is not true or false', async () => {
    const path = `/api/engagements/${engagement.id}`;
    const { body } = await asAdmin('PATCH', path, { json: { clientUploads: true } });
    expect(body).toMatchObject({ engagement: { clientUploads: true } });
    expect((await asAdmin('PATCH', path, { json: { clientUploads: 'yes' } })).status).toBe(400);
    expect(await actions()).toEqual([['engagement_updated', target()]]);
  });

  it('previews the client’s page as HTML with no working link and no client session', async () => {
    await storePageThings(deps, engagement, {
      file: 'plan.pdf',
      clientSays: 'Hello there',
      ownerSays: 'Hi',
      note: 'Private note',
    });
    const before = (await deps.db.select().from(sessions).all()).length;
    const cookie = await signedInCookie(deps);
    const response = await app.request(`/api/engagements/${engagement.id}/preview`, {
      headers: { cookie },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toContain('text/html');
    expect(response.headers.get('set-cookie')).toBeNull();
    const html = await response.text();
    expect(html).toContain('Data platform audit');
    expect(html).toContain('Hello there');
    expect(html).not.toContain('Private note');
    expect(html).not.toContain('/e/');
    expect(html).not.toContain('<form method="post"');
    // Only the test's own admin session was added.
    expect((await deps.db.select().from(sessions).all()).length).toBe(before + 1);
  });

  it('lists them newest first, by status and lead from the query', async () => {
    const other = await storeEngagement(deps, { title: 'Other work' });
    const titles = async (query: string) =>
      (
        (await asAdmin('GET', `/api/engagements${query}`)).body as {
          engagements: { title: string }[];
        }
      ).engagements.map((e) => e.title);
    expect(await titles('')).toEqual(['Other work', 'Data platform audit']);
    expect(await titles(`?leadId=${engagement.leadId}`)).toEqual(['Data platform audit']);
    await asAdmin('POST', `/api/engagements/${other.id}/close`);
    expect(await titles('?status=closed')).toEqual(['Other work']);
    expect((await asAdmin('GET', '/api/engagements?status=paused')).status).toBe(400);
  });

  it('refuses every path to a visitor (401)', async () => {
    for (const [method, path] of [
      ['GET', `/api/engagements/${engagement.id}`],
      ['GET', '/api/engagements'],
      ['POST', `/api/engagements/${engagement.id}/link`],
      ['POST', `/api/engagements/${engagement.id}/revoke`],
      ['POST', `/api/engagements/${engagement.id}/close`],
      ['PATCH', `/api/engagements/${engagement.id}`],
      ['GET', `/api/engagements/${engagement.id}/preview`],
      ['POST', `/api/leads/${engagement.leadId}/engagement`],
    ] as const) {
      const answered = await rest(app, method, path, method === 'PATCH' ? { json: {} } : {});
      expect([path, answered.status, answered.body]).toEqual([path, 401, UNAUTHORIZED]);
    }
    expect(await pageStatus(engagement.token)).toBe(200);
  });
});
