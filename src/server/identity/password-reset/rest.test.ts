import { beforeEach, describe, expect, it } from 'vitest';
import { passwordResets } from '#db/schema';
import { PASSWORD_RESET_MESSAGES as M } from '#shared/password-reset';
import { mailsSettled } from '#server/platform/mail';
import { createTestApp, type RecordingMailer, type TestDeps } from '#tests/support/app';
import { answer, rest } from '#tests/support/rest';
import { insertUser } from '#tests/support/users';

let app: Awaited<ReturnType<typeof createTestApp>>['app'];
let deps: TestDeps;

beforeEach(async () => {
  ({ app, deps } = await createTestApp());
  await insertUser(deps, 'owner', 'owner@example.com');
});

async function mailedToken(): Promise<string> {
  await mailsSettled(deps.mailer);
  const text = (deps.mailer as RecordingMailer).sent.at(-1)?.text ?? '';
  const token = /\/admin\/reset-password\?token=([\w-]+)/.exec(text)?.[1];
  if (!token) throw new Error('no reset link mailed');
  return token;
}

describe('POST /api/admin/forgot-password', () => {
  it('answers the same message, then 429 with Retry-After past 10 from an address', async () => {
    const sent = { success: true, message: M.sent };
    expect(
      await rest(app, 'POST', '/api/admin/forgot-password', { json: { name: 'owner' } }),
    ).toEqual(answer(200, sent));
    for (let i = 1; i < 10; i++) {
      const res = await rest(app, 'POST', '/api/admin/forgot-password', {
        json: { name: `nobody-${i}` },
      });
      expect(res).toEqual(answer(200, sent));
    }
    const refused = await rest(app, 'POST', '/api/admin/forgot-password', {
      json: { name: 'owner' },
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('is 400 without a name', async () => {
    const res = await rest(app, 'POST', '/api/admin/forgot-password', { json: { name: ' ' } });
    expect(res.status).toBe(400);
  });
});

describe('/admin/reset-password', () => {
  it('GET of the page changes nothing; POST of a made-up token is 404, a malformed one 400', async () => {
    await rest(app, 'POST', '/api/admin/forgot-password', { json: { name: 'owner' } });
    const token = await mailedToken();
    const before = await deps.db.select().from(passwordResets).all();
    await app.request(`/admin/reset-password?token=${token}`);
    expect(await deps.db.select().from(passwordResets).all()).toEqual(before);
    expect(before[0]?.claimedAt).toBeNull();

    const unknown = await rest(app, 'POST', '/api/admin/reset-password', {
      json: { token: 'z'.repeat(43), password: 'a long new password' },
    });
    expect(unknown).toEqual(answer(404, { success: false, message: M.gone }));
    const malformed = await rest(app, 'POST', '/api/admin/reset-password', {
      json: { token: 'short', password: 'a long new password' },
    });
    expect(malformed.status).toBe(400);
  });

  it('POST with the link and a new password starts the e-mailed code step', async () => {
    await rest(app, 'POST', '/api/admin/forgot-password', { json: { name: 'owner' } });
    const res = await rest(app, 'POST', '/api/admin/reset-password', {
      json: { token: await mailedToken(), password: 'a long new password' },
    });
    expect(res).toEqual(answer(200, { success: true, requiresTwoFactor: true, method: 'email' }));
    expect(res.headers.getSetCookie().some((c) => c.startsWith('admin_session='))).toBe(true);
  });
});
