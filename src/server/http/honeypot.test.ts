/**
 * A filled honeypot (the hidden `website` field) is a bot: it always gets the success
 * answer, checked before validation and throttling, and nothing is stored or counted.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { contacts, subscribers, throttleEvents } from '#db/schema';
import type { ContactInput } from '#shared/contact';
import type { App } from '#server/app/app';
import { callerFor, createTestApp, testConfig, type TestDeps } from '#tests/support/app';
import { rest } from '#tests/support/rest';
import { CONTACT_THANKS } from '#server/contact/router';

let app: App;
let deps: TestDeps;

beforeEach(async () => {
  ({ app, deps } = await createTestApp({ config: testConfig({ trustProxy: true }) }));
});

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'consulting',
  message: 'We would like to talk about a project.',
  privacy: true,
} as const;
// Invalid in every field but the honeypot: a bot that fills everything with junk.
const junk: Record<string, unknown> = {
  name: 'x',
  email: 'nope',
  subject: 'spam',
  message: '',
  privacy: false,
};

const caller = (ip = '198.51.100.1') => callerFor(deps, { ip }).caller;
const stored = async () => ({
  contacts: (await deps.db.select().from(contacts).all()).length,
  subscribers: (await deps.db.select().from(subscribers).all()).length,
  events: (await deps.db.select().from(throttleEvents).all()).length,
});

describe('honeypot', () => {
  it('answers success to invalid input through tRPC, storing nothing', async () => {
    expect(
      await caller().contact.send({ ...junk, website: 'https://spam.example' } as ContactInput),
    ).toEqual({ success: true, message: CONTACT_THANKS });
    expect(await caller().newsletter.subscribe({ email: 'nope', website: 'x' })).toEqual({
      success: true,
    });
    expect(await caller().contact.send({ website: 'x' } as ContactInput)).toEqual({
      success: true,
      message: CONTACT_THANKS,
    });
    expect(await stored()).toEqual({ contacts: 0, subscribers: 0, events: 0 });
  });

  it.each([0, false, ' ', { url: 'x' }])(
    'counts %j in the honeypot as filled: success, nothing stored',
    async (website) => {
      const answer = await rest(app, 'POST', '/api/subscribe', {
        json: { email: "'; DROP TABLE contacts; --", website },
      });
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({ success: true });
      expect(await stored()).toEqual({ contacts: 0, subscribers: 0, events: 0 });
    },
  );

  it('answers success to invalid input through REST, storing nothing', async () => {
    expect(
      await rest(app, 'POST', '/api/contact', { json: { ...junk, website: 'https://spam' } }),
    ).toMatchObject({ status: 201, body: { success: true, message: CONTACT_THANKS } });
    expect(
      await rest(app, 'POST', '/api/subscribe', { json: { email: 7, website: 1 } }),
    ).toMatchObject({ status: 201, body: { success: true } });
    expect(await stored()).toEqual({ contacts: 0, subscribers: 0, events: 0 });
  });

  it('answers success even to a throttled address', async () => {
    for (let i = 0; i < 5; i++) await caller().contact.send(valid);
    await expect(caller().contact.send(valid)).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });
    expect(await caller().contact.send({ ...valid, website: 'bot' })).toEqual({
      success: true,
      message: CONTACT_THANKS,
    });
    expect((await stored()).contacts).toBe(5);
  });

  it('leaves an empty honeypot to the normal rules', async () => {
    expect(
      await rest(app, 'POST', '/api/contact', { json: { ...junk, website: '' } }),
    ).toMatchObject({ status: 400 });
    expect(
      await rest(app, 'POST', '/api/contact', { json: { ...valid, website: '' } }),
    ).toMatchObject({ status: 201 });
    expect((await stored()).contacts).toBe(1);
  });
});
