/**
 * POST /api/subscribe over HTTP: statuses, bodies, Retry-After and the JSON body rules of
 * docs/api.md. Storing, duplicates in any letter case, the throttle's count and the honeypot
 * are proven through createCaller in router.test.ts.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages';
import type { App } from '../http/app';
import { callerFor, createTestApp, testConfig, type TestDeps } from '../../../tests/support/app';
import { answer, invalid, rest } from '../../../tests/support/rest';

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
