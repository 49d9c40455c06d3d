/**
 * The client's message over HTTP (docs/api.md, "Engagements: the client's page"), through its
 * link: POST /api/e/:token/messages as JSON (its procedure through createCaller and
 * the REST layer), and POST /e/:token/messages as a plain form that answers 303 back to the
 * thread, or a page saying why with the typed text kept.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { leadEvents } from '#db/schema';
import { THREAD_MESSAGES } from '#shared/engagements/thread';
import { createCallerFactory, router } from '#server/http/trpc';
import { restRoutes } from '#server/http/rest';
import { callerFor, createTestDeps, type TestDeps } from '#tests/support/app';
import { failure } from '#tests/support/trpc-errors';
import type { EngagementRef } from '../engagement-ref';
import { postClientMessage } from './client-message';
import { clientMessageFormRoute } from './message-form';
import { clientMessage } from './message-procedure';
import { threadOfEngagement } from './thread-query';
import { closeStored, storeEngagement } from '#tests/support/engagements';

let deps: TestDeps;
let engagement: EngagementRef;
/** The tokens of a working link, and of one whose engagement is closed. */
let openLink: string;
let closedLink: string;

const testRouter = router({ messages: clientMessage });
const caller = () => createCallerFactory(testRouter)(callerFor(deps).ctx);

beforeEach(async () => {
  deps = await createTestDeps();
  const open = await storeEngagement(deps);
  const closed = await storeEngagement(deps, { leadId: open.leadId });
  await closeStored(deps, closed.id);
  engagement = { id: open.id, leadId: open.leadId, status: 'active', clientUploads: false };
  openLink = open.token;
  closedLink = closed.token;
});

const stored = () =>
  deps.db.select().from(leadEvents).where(eq(leadEvents.kind, 'reply_received')).all();

describe('POST /api/e/:token/messages', () => {
  it('stores the message and answers it as the thread shows it', async () => {
    const message = await caller().messages({ token: openLink, text: ' Hello there ' });
    expect(message).toMatchObject({ from: 'client', text: 'Hello there' });
    expect(await threadOfEngagement(deps.db, engagement.id)).toEqual([message]);
  });

  it('answers 404 for an unknown link, whatever the text', async () => {
    const error = await failure(caller().messages({ token: 'no-such-link', text: '' }));
    expect(error.code).toBe('NOT_FOUND');
    expect(await stored()).toEqual([]);
  });

  it('answers 201 with the message over REST, 400 and 409 with their messages', async () => {
    const app = restRoutes(testRouter, deps);
    const send = (token: string, body: unknown) =>
      app.request(`/api/e/${token}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    const ok = await send(openLink, { text: 'Over REST.' });
    expect(ok.status).toBe(201);
    expect(await ok.json()).toMatchObject({
      success: true,
      message: { from: 'client', text: 'Over REST.' },
    });
    const empty = await send(openLink, { text: '   ' });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ message: THREAD_MESSAGES.messageRequired });
    const shut = await send(closedLink, { text: 'Hello?' });
    expect(shut.status).toBe(409);
    expect(await shut.json()).toMatchObject({ message: THREAD_MESSAGES.closed });
    expect((await stored()).map((row) => row.text)).toEqual(['Over REST.']);
  });
});

describe('POST /e/:token/messages, the plain form', () => {
  const app = () => clientMessageFormRoute(deps);
  const postForm = (token: string, text: string, headers: Record<string, string> = {}) =>
    app().request(`/e/${token}/messages`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://localhost',
        ...headers,
      },
      body: new URLSearchParams({ text }).toString(),
    });

  it('answers 303 back to the thread once stored', async () => {
    const response = await postForm(openLink, 'Sent without JavaScript & with care.');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/e/${openLink}#thread`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect((await threadOfEngagement(deps.db, engagement.id)).map((m) => m.text)).toEqual([
      'Sent without JavaScript & with care.',
    ]);
  });

  it('refuses a too long text with 400, keeping what was typed to send again', async () => {
    const typed = `${'z'.repeat(5000)}<b>`;
    const response = await postForm(openLink, typed);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(THREAD_MESSAGES.messageMax);
    expect(html).toContain(`${'z'.repeat(5000)}&lt;b&gt;</textarea>`);
    expect(html).toContain(`action="/e/${openLink}/messages"`);
    expect(await stored()).toEqual([]);
  });

  it('answers 429 past the throttle, with Retry-After and the text kept', async () => {
    for (let i = 0; i < 30; i++) await postClientMessage(deps, engagement, { text: `N${i}` });
    const response = await postForm(openLink, 'One too many.');
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await response.text()).toContain('One too many.</textarea>');
    expect(await threadOfEngagement(deps.db, engagement.id)).toHaveLength(30);
  });

  it('refuses a closed engagement with 409 and offers no form', async () => {
    const response = await postForm(closedLink, 'Hello?');
    expect(response.status).toBe(409);
    const html = await response.text();
    expect(html).toContain(THREAD_MESSAGES.closed);
    expect(html).not.toContain('<form');
  });

  it('answers 404 for an unknown link, 403 from another site, 415 for a body not a form', async () => {
    expect((await postForm('no-such-link', 'Hi')).status).toBe(404);
    expect((await postForm(openLink, 'Hi', { origin: 'https://evil.example' })).status).toBe(403);
    const json = await app().request(`/e/${openLink}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost' },
      body: JSON.stringify({ text: 'Hi' }),
    });
    expect(json.status).toBe(415);
    expect(await stored()).toEqual([]);
  });
});
