/**
 * Asking for the link again (docs/engagements.md, "Asking for the link again"): POST
 * /api/e/link and the plain form at /e/link always answer the same; only an address with an
 * active engagement gets a mail, with a new link that ends the one before; 5 asks an hour per
 * address asked for and per client address, then 429.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ENGAGEMENT_MESSAGES as M } from '#shared/engagements/texts';
import type { App } from '#server/app/app';
import { mailsSettled } from '#server/platform/mail';
import {
  adminCaller,
  createRecordingMailer,
  createTestApp,
  testConfig,
  type RecordingMailer,
  type TestDeps,
} from '#tests/support/app';
import { closeStored, storeEngagement, type StoredEngagement } from '#tests/support/engagements';

let app: App;
let deps: TestDeps;
let mailer: RecordingMailer;
let engagement: StoredEngagement;

beforeEach(async () => {
  mailer = createRecordingMailer();
  ({ app, deps } = await createTestApp({
    mailer,
    config: testConfig({ siteUrl: 'http://localhost', trustProxy: true }),
  }));
  engagement = await storeEngagement(deps, { lead: { email: 'ada@client.example' } });
});

function ask(email: string, ip = '203.0.113.7') {
  return app.request('/api/e/link', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ email }),
  });
}

const NEUTRAL = { success: true, message: M.linkSent };

const mailedTokens = () =>
  mailer.sent.flatMap((m) => [...m.text.matchAll(/\/e\/([A-Za-z0-9_-]{43})/g)].map((x) => x[1]!));

describe('POST /api/e/link', () => {
  it('mails a new link to an address with an active engagement; the old link ends', async () => {
    const response = await ask('ADA@client.example');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(NEUTRAL);
    await mailsSettled(deps.mailer);
    expect(mailer.sent.map((m) => m.to)).toEqual(['ada@client.example']);
    const [fresh] = mailedTokens();
    expect((await app.request(`/api/e/${fresh}`)).status).toBe(200);
    expect((await app.request(`/api/e/${engagement.token}`)).status).toBe(410);
  });

  it('mails nothing for an engagement whose link the owner revoked: only a new link opens it', async () => {
    await (await adminCaller(deps)).engagements.revoke({ id: engagement.id });
    expect(await (await ask('ada@client.example')).json()).toEqual(NEUTRAL);
    await mailsSettled(deps.mailer);
    expect(mailer.sent).toEqual([]);
    expect((await app.request(`/api/e/${engagement.token}`)).status).toBe(410);
  });

  it('answers the same and mails nothing for an unknown address or a closed engagement', async () => {
    expect(await (await ask('nobody@example.com')).json()).toEqual(NEUTRAL);
    await closeStored(deps, engagement.id);
    expect(await (await ask('ada@client.example')).json()).toEqual(NEUTRAL);
    await mailsSettled(deps.mailer);
    expect(mailer.sent).toEqual([]);
    // The closed engagement's link still reads.
    expect((await app.request(`/api/e/${engagement.token}`)).status).toBe(200);
  });

  it('refuses a sixth ask an hour for one address, from any client address', async () => {
    for (let i = 1; i <= 5; i++)
      expect((await ask('ada@client.example', `198.51.100.${i}`)).status).toBe(200);
    const refused = await ask('ada@client.example', '198.51.100.99');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(((await refused.json()) as { message: string }).message).toContain(M.tooManyLinks);
    deps.clock.advance(60 * 60_000 + 1);
    expect((await ask('ada@client.example', '198.51.100.99')).status).toBe(200);
  });

  it('refuses a sixth ask an hour from one client address, whatever the address asked', async () => {
    for (let i = 1; i <= 5; i++) expect((await ask(`someone${i}@example.com`)).status).toBe(200);
    expect((await ask('someone6@example.com')).status).toBe(429);
  });

  it('answers 400 for an address that is not one', async () => {
    expect((await ask('not an address')).status).toBe(400);
  });
});

describe('/e/link as a plain form', () => {
  const post = (email: string) =>
    app.request('/e/link', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://localhost',
        'sec-fetch-site': 'same-origin',
      },
      body: new URLSearchParams({ email }).toString(),
    });

  it('shows its form with no script, then the same neutral answer', async () => {
    const page = await app.request('/e/link');
    expect(page.status).toBe(200);
    expect(page.headers.get('Cache-Control')).toBe('no-store');
    const html = await page.text();
    expect(html).toContain('<form method="post" action="/e/link"');
    expect(html).not.toContain('<script');
    const answered = await post('ada@client.example');
    expect(answered.status).toBe(200);
    expect(await answered.text()).toContain(M.linkSent);
    await mailsSettled(deps.mailer);
    expect(mailedTokens()).toHaveLength(1);
  });

  it('keeps what was typed with its problem (400), and refuses another site’s post (403)', async () => {
    const bad = await post('not an address');
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('value="not an address"');
    const crossSite = await app.request('/e/link', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'cross-site',
      },
      body: 'email=ada%40client.example',
    });
    expect(crossSite.status).toBe(403);
  });
});
