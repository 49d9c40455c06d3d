/**
 * POST /api/contact over HTTP: statuses, bodies, Retry-After and the JSON body rules of
 * docs/api.md. Storing, the field rules, the throttle's count, the honeypot and the mail are
 * proven through createCaller in router.test.ts.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages';
import type { ContactInput } from '../../shared/contact';
import type { App } from '../app/app';
import { callerFor, createTestApp, testConfig, type TestDeps } from '../../../tests/support/app';
import { answer, invalid, rest } from '../../../tests/support/rest';
import { CONTACT_THANKS } from './router';

let app: App;
let deps: TestDeps;

beforeEach(async () => {
  // TRUST_PROXY lets each test choose its client address through X-Forwarded-For.
  ({ app, deps } = await createTestApp({ config: testConfig({ trustProxy: true }) }));
});

const contact: ContactInput = {
  name: 'Grace Hopper',
  email: 'grace@example.com',
  company: '',
  subject: 'custom',
  message: 'Could you help us build a model?',
  privacy: true,
};
const IP = '203.0.113.50';

const postContact = (json: unknown) => rest(app, 'POST', '/api/contact', { json, ip: IP });

describe('POST /api/contact', () => {
  it('answers 201 with thanks', async () => {
    expect(await postContact(contact)).toEqual(
      answer(201, { success: true, message: CONTACT_THANKS }),
    );
  });

  it('answers 400 with every issue named', async () => {
    expect(
      await postContact({ ...contact, name: 'G', subject: 'nothing', privacy: false }),
    ).toEqual(
      answer(
        400,
        invalid([
          { path: 'name', message: MESSAGES.name },
          { path: 'subject', message: MESSAGES.subject },
          { path: 'privacy', message: MESSAGES.privacy },
        ]),
      ),
    );
  });

  it.each([
    ['', 'Request body must be JSON'],
    ['not json', 'Request body must be valid JSON'],
  ])('answers 400 for the body %j', async (raw, message) => {
    expect(await rest(app, 'POST', '/api/contact', { raw })).toEqual(
      answer(400, { success: false, message }),
    );
  });

  it('answers 429 with Retry-After to a throttled address, before reading its body', async () => {
    // Five stored messages from the address, through the procedure (router.test.ts counts).
    for (let i = 0; i < 5; i++) await callerFor(deps, { ip: IP }).caller.contact.send(contact);
    const throttled = answer(429, {
      success: false,
      message: 'Too many messages from your address. Try again in 10 minutes.',
    });
    const refused = await postContact(contact);
    expect(refused).toEqual(throttled);
    expect(refused.headers.get('retry-after')).toBe('600');
    expect(await rest(app, 'POST', '/api/contact', { raw: '', ip: IP })).toEqual(throttled);
  });
});
