import { beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '#db';
import { siteSettings as siteSettingsTable } from '#db/schema';
import { SITE_SETTINGS_MESSAGES } from '#shared/site-settings';
import { mailsSettled } from '#server/platform/mail';
import {
  adminCaller,
  callerFor,
  createRecordingMailer,
  createTestApp,
  createTestDeps,
  signedInCookie,
  type Caller,
  type RecordingMailer,
  type TestDeps,
} from '#tests/support/app';
import { openTestDatabase } from '#tests/support/database';
import { auditEntries } from '#tests/support/audit';
import { startSignIn } from '#tests/support/passkeys';
import { answer, rest } from '#tests/support/rest';
import { failure, issuesOf } from '#tests/support/trpc-errors';
import { insertUser, PASSWORD } from '#tests/support/users';
import { ACCOUNT_MESSAGES } from '#shared/account';
import { RECENT_PROOF_MS } from '#server/identity/recent-proof/recent-proof';
import { WRONG_PASSWORD } from '#server/identity/recent-proof/prove-password';

let deps: TestDeps;
let app: Awaited<ReturnType<typeof createTestApp>>['app'];
let admin: Caller;
let mailer: RecordingMailer;

beforeEach(async () => {
  mailer = createRecordingMailer();
  ({ app, deps } = await createTestApp({ mailer }));
  admin = await adminCaller(deps);
});

const HARBOR = { address: 'https://www.harbor.example', timeZone: 'Europe/London' };

describe('siteSettings', () => {
  it('are the environment’s values or the defaults until a save, then the saved ones', async () => {
    expect((await admin.siteSettings.get()).settings).toEqual({
      address: 'http://localhost',
      timeZone: 'UTC',
      saved: { address: null, timeZone: null },
      fromEnvironment: { address: false, timeZone: false },
    });
    const { settings } = await admin.siteSettings.save({
      address: '  https://WWW.Harbor.example/about?x=1 ',
      timeZone: 'europe/london',
    });
    expect(settings).toMatchObject({ ...HARBOR, saved: HARBOR });
    expect((await admin.siteSettings.get()).settings).toEqual(settings);
    // Cleared (null or blank): the defaults again.
    await admin.siteSettings.save({ address: '', timeZone: null });
    expect((await admin.siteSettings.get()).settings).toMatchObject({
      address: 'http://localhost',
      timeZone: 'UTC',
      saved: { address: null, timeZone: null },
    });
    const entries = (await auditEntries(deps.db)).filter(
      (entry) => entry.action === 'site_settings_updated',
    );
    expect(entries.map((entry) => [entry.actor, entry.target])).toEqual([
      ['admin', 'address https://www.harbor.example, time zone Europe/London'],
      ['admin', 'address not set, time zone not set'],
    ]);
  });

  it('refuses what is not an address or a time zone, naming the field, and stores nothing', async () => {
    for (const address of ['harbor.example', 'ftp://harbor.example', 'https://', 'x'.repeat(301)]) {
      expect(await issuesOf(admin.siteSettings.save({ address, timeZone: null }))).toEqual([
        { path: 'address', message: SITE_SETTINGS_MESSAGES.address },
      ]);
    }
    expect(
      await issuesOf(admin.siteSettings.save({ address: null, timeZone: 'Mars/Olympus' })),
    ).toEqual([{ path: 'timeZone', message: SITE_SETTINGS_MESSAGES.timeZone }]);
    expect(await deps.db.select().from(siteSettingsTable).all()).toEqual([]);
  });

  it('refuses a value the environment sets (409), and lets the other be saved', async () => {
    deps.config.siteUrl = 'https://env.example';
    deps.config.siteUrlFromEnvironment = true;
    const refused = await failure(admin.siteSettings.save(HARBOR));
    expect(refused.code).toBe('CONFLICT');
    expect(refused.message).toBe(SITE_SETTINGS_MESSAGES.addressFromEnvironment);
    expect(await deps.db.select().from(siteSettingsTable).all()).toEqual([]);
    const { settings } = await admin.siteSettings.save({ address: null, timeZone: 'Asia/Tokyo' });
    expect(settings).toEqual({
      address: 'https://env.example',
      timeZone: 'Asia/Tokyo',
      saved: { address: null, timeZone: 'Asia/Tokyo' },
      fromEnvironment: { address: true, timeZone: false },
    });
    deps.config.siteTimezoneFromEnvironment = true;
    expect(
      (await failure(admin.siteSettings.save({ address: null, timeZone: 'UTC' }))).message,
    ).toBe(SITE_SETTINGS_MESSAGES.timeZoneFromEnvironment);
    // The environment's zone wins over the one saved before it was set.
    expect((await admin.siteSettings.get()).settings.timeZone).toBe('UTC');
  });

  it('keeps a zone as given, never as the older alias the runtime reads it as', async () => {
    const { settings } = await admin.siteSettings.save({ address: null, timeZone: 'Asia/Kolkata' });
    expect([settings.timeZone, settings.saved.timeZone]).toEqual(['Asia/Kolkata', 'Asia/Kolkata']);
    expect((await admin.siteSettings.get()).settings.timeZone).toBe('Asia/Kolkata');
  });

  it('is for administrators only', async () => {
    const visitor = callerFor(deps).caller;
    expect((await failure(visitor.siteSettings.get())).code).toBe('UNAUTHORIZED');
    expect((await failure(visitor.siteSettings.save(HARBOR))).code).toBe('UNAUTHORIZED');
  });
});

describe('a new address needs a recent proof, and production an https host name', () => {
  const owner = () => callerFor(deps, { cookie }).caller;
  let cookie: string;
  const saved = async () => (await deps.db.select().from(siteSettingsTable).all())[0] ?? null;

  beforeEach(async () => {
    await insertUser(deps, 'owner', 'owner@example.com');
    cookie = await signedInCookie(deps, 'owner');
  });

  it('a stolen session older than 10 minutes cannot move the address (401), but can change the zone', async () => {
    deps.clock.advance(RECENT_PROOF_MS);
    // The default saved as it is moves nothing.
    await owner().siteSettings.save({ address: 'http://localhost', timeZone: null });
    await owner().siteSettings.save({ ...HARBOR, password: PASSWORD });
    deps.clock.advance(RECENT_PROOF_MS);
    const moved = { address: 'https://evil.example', timeZone: 'Europe/London' };
    const refused = await failure(owner().siteSettings.save(moved));
    expect([refused.code, refused.message]).toEqual([
      'UNAUTHORIZED',
      ACCOUNT_MESSAGES.passwordNeeded,
    ]);
    const cleared = await failure(owner().siteSettings.save({ address: null, timeZone: null }));
    expect(cleared.message).toBe(ACCOUNT_MESSAGES.passwordNeeded);
    expect(await saved()).toMatchObject(HARBOR);
    // The zone alone moves no link and no passkey: no proof asked.
    await owner().siteSettings.save({ ...HARBOR, timeZone: 'Asia/Tokyo' });
    expect(await saved()).toMatchObject({ ...HARBOR, timeZone: 'Asia/Tokyo' });
    const wrong = await failure(owner().siteSettings.save({ ...moved, password: 'not it' }));
    expect([wrong.code, wrong.message]).toEqual(['UNAUTHORIZED', WRONG_PASSWORD]);
    await owner().siteSettings.save({ ...moved, password: PASSWORD });
    expect(await saved()).toMatchObject(moved);
  });

  it('answers the REST path 401 without the password and 200 with it in the body', async () => {
    deps.clock.advance(RECENT_PROOF_MS);
    const refused = await rest(app, 'PUT', '/api/site-settings', { cookie, json: HARBOR });
    expect(refused).toEqual(
      answer(401, { success: false, message: ACCOUNT_MESSAGES.passwordNeeded }),
    );
    expect(await saved()).toBeNull();
    const put = await rest(app, 'PUT', '/api/site-settings', {
      cookie,
      json: { ...HARBOR, password: PASSWORD },
    });
    expect(put.status).toBe(200);
    expect(await saved()).toMatchObject(HARBOR);
  });

  it('in production refuses http:// and IP addresses, naming the field, and stores nothing', async () => {
    deps.config.production = true;
    cookie = await signedInCookie(deps, 'owner');
    for (const address of [
      'http://www.harbor.example',
      'https://203.0.113.9',
      'https://2130706433',
      'https://[2001:db8::1]',
    ]) {
      expect(await issuesOf(owner().siteSettings.save({ address, timeZone: null }))).toEqual([
        { path: 'address', message: SITE_SETTINGS_MESSAGES.addressInProduction },
      ]);
    }
    expect(await saved()).toBeNull();
    await owner().siteSettings.save(HARBOR);
    expect(await saved()).toMatchObject(HARBOR);
  });
});

describe('the saved address and time zone in use', () => {
  it('links in mail on the address, and its times in the zone', async () => {
    await admin.siteSettings.save(HARBOR);
    await admin.users.invite({ username: 'erin', email: 'erin@example.com' });
    await mailsSettled(mailer);
    const mail = mailer.sent.find((sent) => sent.to === 'erin@example.com');
    expect(mail?.text).toMatch(/https:\/\/www\.harbor\.example\/admin\/invite\?token=/);
    // 15 January 2026, 10:00 UTC, plus the link's 24 hours: 10:00 in London in winter.
    expect(mail?.text).toContain('10:00 GMT');
    expect(mail?.text).not.toContain('http://localhost');
  });

  it('binds passkeys to its host and takes browser writes from it behind a proxy', async () => {
    await admin.siteSettings.save(HARBOR);
    expect((await startSignIn(deps)).options.rpId).toBe('www.harbor.example');
    // A proxy that rewrites Host: the page's origin is the saved address's.
    const cookie = await signedInCookie(deps, 'alice');
    const write = (origin: string) =>
      app.request('/api/site-settings', {
        method: 'PUT',
        headers: {
          cookie,
          host: '127.0.0.1:3000',
          origin,
          'content-type': 'application/json',
        },
        body: JSON.stringify(HARBOR),
      });
    expect((await write('https://www.harbor.example')).status).toBe(200);
    expect((await write('https://evil.example')).status).toBe(403);
  });

  it('names the Overview’s days in the zone', async () => {
    // The test clock's 2026-01-15 10:00 UTC is already the 16th on Kiritimati (UTC+14).
    expect((await admin.analytics.report({})).to).toBe('2026-01-15');
    await admin.siteSettings.save({ address: null, timeZone: 'Pacific/Kiritimati' });
    expect((await admin.analytics.report({})).to).toBe('2026-01-16');
  });

  it('is used by another instance on the same database from its next request', async () => {
    const { db, target } = await openTestDatabase();
    const one = await adminCaller(await createTestDeps({ db }));
    const two = await adminCaller(await createTestDeps({ db: await openDatabase(target) }));
    expect((await two.siteSettings.get()).settings.address).toBe('http://localhost');
    await one.siteSettings.save(HARBOR);
    expect((await two.siteSettings.get()).settings).toMatchObject(HARBOR);
  });

  it('answers the REST paths with their statuses', async () => {
    const cookie = await signedInCookie(deps, 'alice');
    expect(await rest(app, 'PUT', '/api/site-settings', { cookie, json: HARBOR })).toEqual(
      answer(200, {
        success: true,
        settings: {
          ...HARBOR,
          saved: HARBOR,
          fromEnvironment: { address: false, timeZone: false },
        },
      }),
    );
    expect(
      (await rest(app, 'PUT', '/api/site-settings', { cookie, json: { address: 'nope' } })).status,
    ).toBe(400);
    expect((await rest(app, 'GET', '/api/site-settings')).status).toBe(401);
  });
});
