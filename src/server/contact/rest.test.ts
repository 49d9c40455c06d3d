import { beforeEach, describe, expect, it } from 'vitest';
import { contacts, subscribers } from '../../../db/schema';
import { MESSAGES } from '../../shared/messages';
import type { App } from '../http/app';
import { contactMailsSettled } from './notify';
import type { Mailer } from '../platform/mail';
import {
  createRecordingMailer,
  createTestApp,
  testConfig,
  type RecordingMailer,
  type TestDeps,
} from '../../../tests/support/app';
import { invalid, rest } from '../../../tests/support/rest';

let app: App;
let deps: TestDeps;
let mailer: RecordingMailer;

async function setup(customMailer?: Mailer) {
  mailer = createRecordingMailer();
  // TRUST_PROXY lets each test choose its client address through X-Forwarded-For.
  ({ app, deps } = await createTestApp({
    mailer: customMailer ?? mailer,
    config: testConfig({ trustProxy: true, contactNotifyTo: 'team@example.com' }),
  }));
}

beforeEach(() => setup());

const contact = {
  name: 'Grace Hopper',
  email: 'grace@example.com',
  company: '',
  subject: 'custom',
  message: 'Could you help us build a model?',
  privacy: true,
};
const THANKS = {
  success: true,
  message: "Thank you for your message. We'll get back to you soon.",
};

const postContact = (json: unknown, ip = '203.0.113.50') =>
  rest(app, 'POST', '/api/contact', { json, ip });
const postSubscribe = (json: unknown, ip = '203.0.113.60') =>
  rest(app, 'POST', '/api/subscribe', { json, ip });
const storedContacts = async () => await deps.db.select().from(contacts).all();
const storedSubscribers = async () => await deps.db.select().from(subscribers).all();

describe('POST /api/contact', () => {
  it('stores the message and answers 201 with thanks', async () => {
    expect(await postContact(contact)).toMatchObject({ status: 201, body: THANKS });
    expect(await storedContacts()).toMatchObject([
      { name: 'Grace Hopper', company: null, subject: 'custom', privacy: true },
    ]);
    await contactMailsSettled(mailer);
    expect(mailer.sent.map((m) => m.to)).toEqual(['team@example.com']);
  });

  it('answers 400 with every issue named', async () => {
    expect(
      await postContact({ ...contact, name: 'G', subject: 'nothing', privacy: false }),
    ).toMatchObject({
      status: 400,
      body: invalid([
        { path: 'name', message: MESSAGES.name },
        { path: 'subject', message: MESSAGES.subject },
        { path: 'privacy', message: MESSAGES.privacy },
      ]),
    });
    expect(await storedContacts()).toEqual([]);
  });

  it.each([
    ['', 'Request body must be JSON'],
    ['not json', 'Request body must be valid JSON'],
  ])('answers 400 for the body %j', async (raw, message) => {
    expect(await rest(app, 'POST', '/api/contact', { raw })).toMatchObject({
      status: 400,
      body: { success: false, message },
    });
  });

  it('answers a filled honeypot with 201 and stores nothing', async () => {
    expect(await postContact({ ...contact, website: 'https://spam.example' })).toMatchObject({
      status: 201,
      body: THANKS,
    });
    expect(await storedContacts()).toEqual([]);
  });

  it('stores 100 messages sent at once', async () => {
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        postContact(
          { ...contact, message: `Message number ${i} arrives` },
          `10.1.${i >> 8}.${i & 255}`,
        ),
      ),
    );
    expect(responses.every((r) => r.status === 201)).toBe(true);
    expect(await storedContacts()).toHaveLength(100);
    await contactMailsSettled(mailer);
    expect(mailer.sent).toHaveLength(100);
  });

  it('stores the message and answers 201 when the mail server fails', async () => {
    await setup({
      canDeliver: true,
      send: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:25')),
    });
    expect(await postContact(contact)).toMatchObject({ status: 201, body: THANKS });
    await contactMailsSettled(deps.mailer);
    expect(await storedContacts()).toHaveLength(1);
    expect(deps.logger.lines.some((l) => l.includes('contact.notify_failed'))).toBe(true);
  });

  it('answers 429 with Retry-After after 5 stored messages, not counting refused ones', async () => {
    for (let i = 0; i < 3; i++) expect((await postContact({})).status).toBe(400);
    for (let i = 0; i < 5; i++) expect((await postContact(contact)).status).toBe(201);
    const refused = await postContact(contact);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('600');
    expect(refused.body).toEqual({
      success: false,
      message: 'Too many messages from your address. Try again in 10 minutes.',
    });
    // 429 ranks above 400, and another address is unaffected.
    expect((await postContact({})).status).toBe(429);
    expect((await postContact(contact, '203.0.113.51')).status).toBe(201);
    expect(await storedContacts()).toHaveLength(6);
  });
});

describe('POST /api/subscribe', () => {
  it('stores the address and answers 201', async () => {
    expect(await postSubscribe({ email: 'reader@example.com' })).toMatchObject({
      status: 201,
      body: { success: true },
    });
    expect((await storedSubscribers()).map((s) => s.email)).toEqual(['reader@example.com']);
  });

  it('answers an address already subscribed in another case the same, keeping one row', async () => {
    await postSubscribe({ email: 'Reader@Example.com' });
    expect(await postSubscribe({ email: 'reader@EXAMPLE.com' })).toMatchObject({
      status: 201,
      body: { success: true },
    });
    expect(await storedSubscribers()).toHaveLength(1);
  });

  it('answers 400 for an invalid address or an empty body', async () => {
    expect(await postSubscribe({ email: 'reader' })).toMatchObject({
      status: 400,
      body: invalid([{ path: 'email', message: MESSAGES.email }]),
    });
    expect(await rest(app, 'POST', '/api/subscribe', { raw: '' })).toMatchObject({
      status: 400,
      body: { success: false, message: 'Request body must be JSON' },
    });
    expect(await rest(app, 'POST', '/api/subscribe')).toMatchObject({ status: 400 });
    expect(await storedSubscribers()).toEqual([]);
  });

  it('answers a filled honeypot with 201 and stores nothing', async () => {
    expect(await postSubscribe({ email: 'bot@example.com', website: 'x' })).toMatchObject({
      status: 201,
      body: { success: true },
    });
    expect(await storedSubscribers()).toEqual([]);
  });

  it('answers 429 with Retry-After after 5 new addresses, not counting duplicates', async () => {
    await postSubscribe({ email: 'first@example.com' });
    for (let i = 0; i < 3; i++) await postSubscribe({ email: 'FIRST@example.com' });
    for (let i = 0; i < 3; i++) await postSubscribe({ email: 'invalid' });
    for (let i = 1; i < 5; i++) {
      expect((await postSubscribe({ email: `reader${i}@example.com` })).status).toBe(201);
    }
    const refused = await postSubscribe({ email: 'late@example.com' });
    expect(refused).toMatchObject({
      status: 429,
      body: {
        success: false,
        message: 'Too many sign-ups from your address. Try again in 10 minutes.',
      },
    });
    expect(refused.headers.get('retry-after')).toBe('600');
    expect(await storedSubscribers()).toHaveLength(5);
  });
});
