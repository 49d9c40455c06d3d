/** The subscriber tools' REST paths (docs/api.md, "Leads") through the whole app. */
import { beforeEach, describe, expect, it } from 'vitest';
import { storeSubscribers } from '#tests/support/leads';
import {
  answer,
  invalid,
  rest,
  signedInRestApp,
  UNAUTHORIZED,
  type AdminRest,
} from '#tests/support/rest';
import { MESSAGES } from '#shared/messages';
import { IMPORT_PART_MAX_BYTES, SUBSCRIBER_TOOL_MESSAGES } from '#shared/subscriber-tools';
import type { App } from '#server/app/app';
import type { TestDeps } from '#tests/support/app';

let app: App;
let deps: TestDeps;
let asAdmin: AdminRest;

beforeEach(async () => {
  ({ app, deps, asAdmin } = await signedInRestApp());
});

const any = (type: unknown): never => expect.any(type) as never;

describe('the subscriber tools paths', () => {
  it('POST /api/subscribers adds one (201), 409 when there, 400 with the path, 401 signed out', async () => {
    expect(
      await asAdmin('POST', '/api/subscribers', { json: { email: 'ada@example.com' } }),
    ).toEqual(
      answer(201, {
        success: true,
        subscriber: {
          id: 1,
          email: 'ada@example.com',
          status: 'pending',
          createdAt: any(String),
          confirmedAt: null,
          unsubscribedAt: null,
          sequence: { step: 0, exited: null },
        },
      }),
    );
    expect(
      await asAdmin('POST', '/api/subscribers', { json: { email: 'ADA@example.com' } }),
    ).toEqual(answer(409, { success: false, message: SUBSCRIBER_TOOL_MESSAGES.exists }));
    expect(await asAdmin('POST', '/api/subscribers', { json: { email: 'x' } })).toEqual(
      answer(400, invalid([{ path: 'email', message: MESSAGES.email }])),
    );
    expect(
      await rest(app, 'POST', '/api/subscribers', { json: { email: 'b@example.com' } }),
    ).toEqual(answer(401, UNAUTHORIZED));
  });

  it('POST /api/subscribers/import answers each row; a part of 60 KB fits, a larger body is 413', async () => {
    expect(
      await asAdmin('POST', '/api/subscribers/import', {
        json: { emails: ['a@example.com', 'bad'], consent: true },
      }),
    ).toEqual(
      answer(200, {
        success: true,
        added: 1,
        exists: 0,
        invalid: 1,
        results: [
          { email: 'a@example.com', result: 'added' },
          { email: 'bad', result: 'invalid', reason: MESSAGES.email },
        ],
      }),
    );
    // As large as the screen sends a part: just under its 60,000 bytes of JSON.
    const emails: string[] = [];
    while (JSON.stringify({ emails, consent: true }).length < IMPORT_PART_MAX_BYTES - 40) {
      emails.push(`reader-${String(emails.length).padStart(5, '0')}@example.com`);
    }
    const part = await asAdmin('POST', '/api/subscribers/import', {
      json: { emails, consent: true },
    });
    expect([part.status, (part.body as { added: number }).added]).toEqual([200, emails.length]);
    const tooLarge = await asAdmin('POST', '/api/subscribers/import', {
      json: { emails: [...emails, ...emails.slice(0, 400)] },
    });
    expect(tooLarge.status).toBe(413);
    expect(await asAdmin('POST', '/api/subscribers/import', { json: { emails: [] } })).toEqual(
      answer(400, invalid([{ path: 'emails', message: SUBSCRIBER_TOOL_MESSAGES.noRows }])),
    );
  });

  it('POST /api/subscribers/:id/confirmation queues one; 429 with Retry-After inside 24 hours', async () => {
    const [pending, confirmed] = await storeSubscribers(deps, 2, (i) => ({
      status: i === 0 ? 'pending' : 'confirmed',
    }));
    const path = `/api/subscribers/${pending!.id}/confirmation`;
    expect(await asAdmin('POST', path)).toEqual(answer(200, { success: true }));
    const again = await asAdmin('POST', path);
    expect(again).toEqual(
      answer(429, {
        success: false,
        message: SUBSCRIBER_TOOL_MESSAGES.resentRecently(24),
      }),
    );
    expect(again.headers.get('retry-after')).toBe('86400');
    expect(await asAdmin('POST', `/api/subscribers/${confirmed!.id}/confirmation`)).toEqual(
      answer(409, { success: false, message: SUBSCRIBER_TOOL_MESSAGES.notPending }),
    );
    expect(await asAdmin('POST', '/api/subscribers/99/confirmation')).toEqual(
      answer(404, { success: false, message: 'Subscriber not found' }),
    );
  });

  it('POST /api/subscribers/confirmations queues every pending address; GET searches with q', async () => {
    await storeSubscribers(deps, 3, (i) => ({ status: i === 2 ? 'confirmed' : 'pending' }));
    expect(await asAdmin('POST', '/api/subscribers/confirmations')).toEqual(
      answer(200, { success: true, queued: 2, heldBack: 0 }),
    );
    expect(await rest(app, 'POST', '/api/subscribers/confirmations')).toEqual(
      answer(401, UNAUTHORIZED),
    );
    const found = await asAdmin('GET', '/api/subscribers?q=READER3&status=');
    expect(found).toMatchObject({
      status: 200,
      body: { total: 1, subscribers: [{ email: 'reader3@example.com' }] },
    });
  });
});
