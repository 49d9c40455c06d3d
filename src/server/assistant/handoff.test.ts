/**
 * "Send this to a person" (docs/assistant.md): POST /api/assistant/handoff turns the
 * conversation into an enquiry under the contact form's rules and throttle.
 */
import { describe, expect, it } from 'vitest';
import { assistantDays, contacts, leadEvents, leads } from '#db/schema';
import { ASSISTANT_MESSAGES } from '#shared/assistant';
import { MESSAGES } from '#shared/messages';
import { CONTACT_THANKS } from '#server/contact/router';
import { createTestApp, testConfig, type RecordingMailer } from '#tests/support/app';
import { mailsSettled } from '#server/platform/mail';
import { contactBody } from '#tests/support/contact';
import { answer, invalid, rest, signedInRestApp } from '#tests/support/rest';

const CONVERSATION = [
  { role: 'user', content: 'Have you worked on insurance claims?' },
  { role: 'assistant', content: 'Yes: retrieval for claims adjusters [1].' },
];
const VISITOR = { name: 'Grace Hopper', email: 'grace@example.com', privacy: true };

describe('POST /api/assistant/handoff', () => {
  it('stores the transcript as an enquiry on the lead, and counts a handoff', async () => {
    const { app, deps } = await createTestApp({ config: testConfig() });
    const sent = await rest(app, 'POST', '/api/assistant/handoff', {
      json: { messages: CONVERSATION, ...VISITOR, company: 'Navy' },
    });
    expect(sent).toEqual(answer(201, { success: true, message: CONTACT_THANKS }));
    const [stored] = await deps.db.select().from(contacts).all();
    expect(stored).toMatchObject({
      name: 'Grace Hopper',
      email: 'grace@example.com',
      company: 'Navy',
      subject: 'other',
      message: [
        'Conversation with the site assistant:',
        'Visitor: Have you worked on insurance claims?',
        'Assistant: Yes: retrieval for claims adjusters [1].',
      ].join('\n\n'),
    });
    const [lead] = await deps.db.select().from(leads).all();
    expect(lead?.email).toBe('grace@example.com');
    expect(await deps.db.select().from(leadEvents).all()).toMatchObject([
      { leadId: lead?.id, kind: 'message', contactId: stored?.id },
    ]);
    expect(await deps.db.select().from(assistantDays).all()).toMatchObject([{ handedOff: 1 }]);
  });

  it("tells the owner's notice that it came from the site assistant", async () => {
    const { app, deps } = await createTestApp({
      config: testConfig({ contactNotifyTo: 'owner@example.com' }),
    });
    await rest(app, 'POST', '/api/assistant/handoff', {
      json: { messages: CONVERSATION, ...VISITOR },
    });
    await mailsSettled(deps.mailer);
    const notice = (deps.mailer as RecordingMailer).sent.find((m) => m.to === 'owner@example.com');
    expect(notice?.subject).toBe('New contact message from the site assistant: Grace Hopper');
    expect(notice?.text).toContain('New contact message #1 from the site assistant');
  });

  it("is in the person's export and goes with their erasure", async () => {
    const { app, deps, asAdmin } = await signedInRestApp();
    await rest(app, 'POST', '/api/assistant/handoff', {
      json: { messages: CONVERSATION, ...VISITOR },
    });
    const [lead] = await deps.db.select().from(leads).all();
    const exported = await asAdmin('GET', `/api/leads/${lead?.id}/export`);
    expect(exported.status).toBe(200);
    expect(JSON.stringify(exported.body)).toContain(
      'Visitor: Have you worked on insurance claims?',
    );
    expect(await asAdmin('DELETE', `/api/leads/${lead?.id}`)).toEqual(
      answer(200, { success: true, kept: { invoices: [], proposals: [] } }),
    );
    expect(await deps.db.select().from(contacts).all()).toEqual([]);
  });

  it('refuses bad input with 400 naming the field, and stores nothing', async () => {
    const { app, deps } = await createTestApp({ config: testConfig() });
    const eleven = Array.from({ length: 11 }, () => CONVERSATION[0]);
    expect(
      await rest(app, 'POST', '/api/assistant/handoff', {
        json: { messages: eleven, ...VISITOR },
      }),
    ).toEqual(answer(400, invalid([{ path: 'messages', message: ASSISTANT_MESSAGES.messages }])));
    expect(
      await rest(app, 'POST', '/api/assistant/handoff', {
        json: { messages: [{ role: 'system', content: 'x' }], ...VISITOR },
      }),
    ).toEqual(
      answer(400, invalid([{ path: 'messages.0.role', message: ASSISTANT_MESSAGES.role }])),
    );
    expect(
      await rest(app, 'POST', '/api/assistant/handoff', {
        json: { messages: CONVERSATION, ...VISITOR, name: 'G' },
      }),
    ).toEqual(answer(400, invalid([{ path: 'name', message: MESSAGES.name }])));
    expect(await deps.db.select().from(contacts).all()).toEqual([]);
  });

  it('shares the contact form throttle; a filled honeypot stores nothing; cross-site is 403', async () => {
    const { app, deps } = await createTestApp({ config: testConfig() });
    const honeypot = await rest(app, 'POST', '/api/assistant/handoff', {
      json: { messages: CONVERSATION, ...VISITOR, website: 'spam.example' },
    });
    expect(honeypot).toEqual(answer(201, { success: true, message: CONTACT_THANKS }));
    expect(await deps.db.select().from(contacts).all()).toEqual([]);
    for (let i = 0; i < 5; i++) {
      expect((await rest(app, 'POST', '/api/contact', { json: contactBody('h', i) })).status).toBe(
        201,
      );
    }
    const throttled = await rest(app, 'POST', '/api/assistant/handoff', {
      json: { messages: CONVERSATION, ...VISITOR },
    });
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toMatch(/^\d+$/);
    const crossSite = await app.request('/api/assistant/handoff', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      body: JSON.stringify({ messages: CONVERSATION, ...VISITOR }),
    });
    expect(crossSite.status).toBe(403);
    expect(await deps.db.select().from(contacts).all()).toHaveLength(5);
  });
});
