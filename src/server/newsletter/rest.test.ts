/**
 * The newsletter's public paths over HTTP: statuses, bodies, Retry-After, the JSON body rules
 * of docs/api.md and RFC 8058's one-click form. What each procedure stores, counts and mails
 * is proven through createCaller in router.test.ts.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { subscribers } from '../../../db/schema';
import { MESSAGES } from '../../shared/messages';
import { NEWSLETTER_MESSAGES } from '../../shared/newsletter';
import type { App } from '../app/app';
import { callerFor, createTestApp, testConfig, type TestDeps } from '../../../tests/support/app';
import { answer, invalid, rest } from '../../../tests/support/rest';
import { unsubscribeToken } from './tokens';

let app: App;
let deps: TestDeps;

beforeEach(async () => {
  // TRUST_PROXY lets each test choose its client address through X-Forwarded-For.
  ({ app, deps } = await createTestApp({ config: testConfig({ trustProxy: true }) }));
});

const IP = '203.0.113.60';

const postSubscribe = (json: unknown) => rest(app, 'POST', '/api/subscribe', { json, ip: IP });

describe('POST /api/subscribe', () => {
  it('answers 201 with success', async () => {
    expect(await postSubscribe({ email: 'reader@example.com' })).toEqual(
      answer(201, { success: true }),
    );
  });

  it('answers 400 for an invalid address, an empty JSON body or no body at all', async () => {
    expect(await postSubscribe({ email: 'reader' })).toEqual(
      answer(400, invalid([{ path: 'email', message: MESSAGES.email }])),
    );
    expect(await rest(app, 'POST', '/api/subscribe', { raw: '' })).toEqual(
      answer(400, { success: false, message: 'Request body must be JSON' }),
    );
    expect(await rest(app, 'POST', '/api/subscribe')).toEqual(
      answer(400, invalid([{ path: '', message: 'Required' }])),
    );
  });

  it('answers 429 with Retry-After to a throttled address, before reading its body', async () => {
    // Five new subscriptions from the address, through the procedure (router.test.ts counts).
    for (let i = 0; i < 5; i++) {
      await callerFor(deps, { ip: IP }).caller.newsletter.subscribe({
        email: `reader${i}@example.com`,
      });
    }
    const throttled = answer(429, {
      success: false,
      message: 'Too many sign-ups from your address. Try again in 10 minutes.',
    });
    const refused = await postSubscribe({ email: 'late@example.com' });
    expect(refused).toEqual(throttled);
    expect(refused.headers.get('retry-after')).toBe('600');
    expect(await rest(app, 'POST', '/api/subscribe', { raw: '', ip: IP })).toEqual(throttled);
  });
});

describe('POST /api/newsletter/confirm', () => {
  it('answers 404 with the invalid-link message to an unknown token, 400 to a malformed one', async () => {
    expect(
      await rest(app, 'POST', '/api/newsletter/confirm', { json: { token: 'a'.repeat(43) } }),
    ).toEqual(answer(404, { success: false, message: NEWSLETTER_MESSAGES.invalidLink }));
    expect(await rest(app, 'POST', '/api/newsletter/confirm', { json: { token: 'a' } })).toEqual(
      answer(400, invalid([{ path: 'token', message: NEWSLETTER_MESSAGES.token }])),
    );
    expect(await rest(app, 'POST', '/api/newsletter/confirm', { raw: '' })).toEqual(
      answer(400, { success: false, message: 'Request body must be JSON' }),
    );
  });
});

describe('POST /api/newsletter/unsubscribe', () => {
  const email = 'reader@example.com';
  const token = () => unsubscribeToken(deps.config.sessionSecret, email);
  const statusOf = async () => (await deps.db.select().from(subscribers).get())?.status;
  /** What a mail program sends for RFC 8058 one-click: a form, from its own servers. */
  const oneClick = (
    query: string,
    body = 'List-Unsubscribe=One-Click',
    type = 'application/x-www-form-urlencoded',
  ) =>
    app.request(`/api/newsletter/unsubscribe${query}`, {
      method: 'POST',
      headers: { 'content-type': type },
      body,
    });

  beforeEach(async () => {
    await callerFor(deps).caller.newsletter.subscribe({ email });
  });

  it('takes the one-click form with the token in the address, idempotently', async () => {
    for (let i = 0; i < 2; i++) {
      const response = await oneClick(`?token=${token()}`);
      expect([response.status, await response.json()]).toEqual([200, { success: true }]);
    }
    expect(await statusOf()).toBe('unsubscribed');
  });

  it('takes JSON { token } as well', async () => {
    expect(
      await rest(app, 'POST', '/api/newsletter/unsubscribe', { json: { token: token() } }),
    ).toEqual(answer(200, { success: true }));
    expect(await statusOf()).toBe('unsubscribed');
  });

  it('refuses a form without the one-click value, an unknown token, and forms on other paths', async () => {
    const wrongBody = await oneClick(`?token=${token()}`, 'List-Unsubscribe=Maybe');
    expect([wrongBody.status, await wrongBody.json()]).toEqual([
      400,
      { success: false, message: 'A form body must be List-Unsubscribe=One-Click' },
    ]);
    const unknown = await oneClick(`?token=${'b'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    const noToken = await oneClick('');
    expect(noToken.status).toBe(400);
    expect(await statusOf()).toBe('pending');
    const elsewhere = await app.request('/api/newsletter/confirm', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'token=x',
    });
    expect(elsewhere.status).toBe(415);
    const otherType = await oneClick(
      `?token=${token()}`,
      'List-Unsubscribe=One-Click',
      'text/plain',
    );
    expect(otherType.status).toBe(415);
  });

  it('refuses a one-click form posted by another site in a browser with 403', async () => {
    const response = await app.request(`/api/newsletter/unsubscribe?token=${token()}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
      },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(response.status).toBe(403);
    expect(await statusOf()).toBe('pending');
  });
});
