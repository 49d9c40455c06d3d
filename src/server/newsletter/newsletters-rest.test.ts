import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '../../../db';
import { newsletters } from '../../../db/schema';
import { NEWSLETTER_MESSAGES } from '../../shared/newsletter';
import { NEWSLETTER_ADMIN_MESSAGES as M } from '../../shared/newsletter-admin';
import { MESSAGES } from '../../shared/messages';
import type { App } from '../app/app';
import type { RecordingMailer, TestDeps } from '../../../tests/support/app';
import { recipientsOf, storeSubscribersAs } from '../../../tests/support/newsletters';
import {
  answer,
  invalid,
  rest,
  signedInRestApp,
  UNAUTHORIZED,
  type AdminRest,
} from '../../../tests/support/rest';

let app: App;
let deps: TestDeps;
let asAdmin: AdminRest;
let cookie: string;

beforeEach(async () => {
  ({ app, deps, asAdmin, cookie } = await signedInRestApp());
});

const DRAFT = { subject: 'Spring news', body: 'Hello **readers**.' };
const NOT_FOUND = { success: false, message: M.notFound };
const NOT_DRAFT = { success: false, message: M.notDraft };
const BAD_ID = invalid([{ path: 'id', message: MESSAGES.id }]);

/** The newsletter JSON of a fresh draft with this id, as stored at the clock's time. */
function draftJson(id: number, fields = DRAFT) {
  const at = deps.clock.now().toISOString();
  return {
    id,
    ...fields,
    status: 'draft',
    createdAt: at,
    updatedAt: at,
    sentAt: null,
    total: 0,
    sent: 0,
    failed: 0,
  };
}

async function createDraft() {
  expect((await asAdmin('POST', '/api/newsletters', { json: DRAFT })).status).toBe(201);
}

async function sendOne() {
  await storeSubscribersAs(deps, 'confirmed', ['reader@example.com']);
  await createDraft();
  expect((await asAdmin('POST', '/api/newsletters/1/send')).status).toBe(202);
}

describe('signed out', () => {
  it.each([
    ['GET', '/api/newsletters'],
    ['POST', '/api/newsletters'],
    ['GET', '/api/newsletters/1'],
    ['PATCH', '/api/newsletters/1'],
    ['DELETE', '/api/newsletters/1'],
    ['POST', '/api/newsletters/1/test'],
    ['POST', '/api/newsletters/1/send'],
    ['POST', '/api/newsletters/1/retry'],
  ])('%s %s answers 401, before looking at the id or body', async (method, path) => {
    const body = method === 'GET' ? {} : { json: {} };
    const empty = method === 'GET' ? {} : { raw: '' };
    expect(await rest(app, method, path, body)).toEqual(answer(401, UNAUTHORIZED));
    expect(await rest(app, method, path.replace('/1', '/abc'), empty)).toEqual(
      answer(401, UNAUTHORIZED),
    );
  });
});

describe('GET /api/newsletters', () => {
  it('is never cached, and a cross-site send is refused before anything is queued', async () => {
    expect((await asAdmin('GET', '/api/newsletters')).headers.get('cache-control')).toBe(
      'no-store',
    );
    await storeSubscribersAs(deps, 'confirmed', ['a@example.com']);
    await createDraft();
    const crossSite = await app.request('/api/newsletters/1/send', {
      method: 'POST',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    expect(await recipientsOf(deps.db, 1)).toEqual([]);
  });

  it('answers 200 with every newsletter, newest first', async () => {
    await createDraft();
    deps.clock.advance(1000);
    await asAdmin('POST', '/api/newsletters', { json: { ...DRAFT, subject: 'Later' } });
    expect(await asAdmin('GET', '/api/newsletters')).toEqual(
      answer(200, {
        success: true,
        newsletters: [
          draftJson(2, { ...DRAFT, subject: 'Later' }),
          { ...draftJson(1), createdAt: expect.any(String), updatedAt: expect.any(String) },
        ],
      }),
    );
  });
});

describe('POST /api/newsletters', () => {
  it('answers 201 with the draft', async () => {
    expect(await asAdmin('POST', '/api/newsletters', { json: DRAFT })).toEqual(
      answer(201, { success: true, newsletter: draftJson(1) }),
    );
  });

  it('answers 400 with the field’s message, and for an empty or malformed body', async () => {
    expect(await asAdmin('POST', '/api/newsletters', { json: { subject: '', body: 'x' } })).toEqual(
      answer(400, invalid([{ path: 'subject', message: NEWSLETTER_MESSAGES.subject }])),
    );
    expect((await asAdmin('POST', '/api/newsletters', { raw: '' })).status).toBe(400);
    expect((await asAdmin('POST', '/api/newsletters', { raw: '{"subject":' })).status).toBe(400);
    expect((await asAdmin('GET', '/api/newsletters')).body).toEqual({
      success: true,
      newsletters: [],
    });
  });
});

describe('GET /api/newsletters/:id', () => {
  it('answers 200 with the newsletter and its live counts', async () => {
    await sendOne();
    expect(await asAdmin('GET', '/api/newsletters/1')).toEqual(
      answer(200, {
        success: true,
        newsletter: { ...draftJson(1), status: 'sending', total: 1 },
      }),
    );
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect(await asAdmin('GET', '/api/newsletters/5')).toEqual(answer(404, NOT_FOUND));
    for (const id of ['abc', '1.5', '1e3', '0', '-1']) {
      expect(await asAdmin('GET', `/api/newsletters/${id}`)).toEqual(answer(400, BAD_ID));
    }
  });
});

describe('PATCH /api/newsletters/:id', () => {
  it('answers 200 with the changed draft; the body is the patch', async () => {
    await createDraft();
    expect(await asAdmin('PATCH', '/api/newsletters/1', { json: { body: 'New' } })).toEqual(
      answer(200, { success: true, newsletter: draftJson(1, { ...DRAFT, body: 'New' }) }),
    );
  });

  it('names a refused field as the body does (subject, not data.subject)', async () => {
    await createDraft();
    expect(await asAdmin('PATCH', '/api/newsletters/1', { json: { subject: '' } })).toEqual(
      answer(400, invalid([{ path: 'subject', message: NEWSLETTER_MESSAGES.subject }])),
    );
  });

  it('answers 409 for a newsletter being sent, 404 for an unknown id, 400 for a bad id', async () => {
    await sendOne();
    expect(await asAdmin('PATCH', '/api/newsletters/1', { json: { subject: 'x' } })).toEqual(
      answer(409, NOT_DRAFT),
    );
    expect(await asAdmin('PATCH', '/api/newsletters/2', { json: { subject: 'x' } })).toEqual(
      answer(404, NOT_FOUND),
    );
    expect(await asAdmin('PATCH', '/api/newsletters/x', { json: { subject: 'x' } })).toEqual(
      answer(400, BAD_ID),
    );
  });
});

describe('DELETE /api/newsletters/:id', () => {
  it('answers 200 and the draft is gone', async () => {
    await createDraft();
    expect(await asAdmin('DELETE', '/api/newsletters/1')).toEqual(answer(200, { success: true }));
    expect(await asAdmin('GET', '/api/newsletters/1')).toEqual(answer(404, NOT_FOUND));
  });

  it('answers 409 for a sent newsletter, 404 for an unknown id, 400 for a bad id', async () => {
    await createDraft();
    await writeTransaction(deps.db, (tx) =>
      tx.update(newsletters).set({ status: 'sent' }).where(eq(newsletters.id, 1)),
    );
    expect(await asAdmin('DELETE', '/api/newsletters/1')).toEqual(answer(409, NOT_DRAFT));
    expect(await asAdmin('DELETE', '/api/newsletters/2')).toEqual(answer(404, NOT_FOUND));
    expect(await asAdmin('DELETE', '/api/newsletters/1.5')).toEqual(answer(400, BAD_ID));
  });
});

describe('POST /api/newsletters/:id/test', () => {
  it('answers 200 and mails the copy to { email }', async () => {
    await createDraft();
    expect(
      await asAdmin('POST', '/api/newsletters/1/test', { json: { email: 'proof@example.com' } }),
    ).toEqual(answer(200, { success: true }));
    const mailer = deps.mailer as RecordingMailer;
    expect(mailer.sent.map((m) => [m.to, m.subject])).toEqual([
      ['proof@example.com', '[Test] Spring news'],
    ]);
  });

  it('answers 400 without an address when the administrator has none; 400 for a bad one', async () => {
    await createDraft();
    expect(await asAdmin('POST', '/api/newsletters/1/test')).toEqual(
      answer(400, { success: false, message: M.noTestAddress }),
    );
    expect(
      await asAdmin('POST', '/api/newsletters/1/test', { json: { email: 'not-an-address' } }),
    ).toEqual(answer(400, invalid([{ path: 'email', message: MESSAGES.email }])));
  });

  it('answers 503 with Retry-After when the mail fails, 404 for an unknown id', async () => {
    await createDraft();
    (deps.mailer as RecordingMailer).failNext = true;
    const refused = await asAdmin('POST', '/api/newsletters/1/test', {
      json: { email: 'proof@example.com' },
    });
    expect(refused).toEqual(answer(503, { success: false, message: M.testFailed }));
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(
      await asAdmin('POST', '/api/newsletters/2/test', { json: { email: 'proof@example.com' } }),
    ).toEqual(answer(404, NOT_FOUND));
  });

  it('answers the 11th copy within an hour 429 with Retry-After', async () => {
    await createDraft();
    const send = () =>
      asAdmin('POST', '/api/newsletters/1/test', { json: { email: 'proof@example.com' } });
    for (let i = 0; i < 10; i++) expect((await send()).status).toBe(200);
    deps.clock.advance(30 * 60_000);
    const refused = await send();
    expect(refused).toEqual(
      answer(429, { success: false, message: `${M.tooManyTests} Try again in 30 minutes.` }),
    );
    expect(refused.headers.get('retry-after')).toBe('1800');
    expect((deps.mailer as RecordingMailer).sent).toHaveLength(10);
  });
});

describe('POST /api/newsletters/:id/send', () => {
  it('answers 202 with the newsletter, sending to the confirmed subscribers', async () => {
    await storeSubscribersAs(deps, 'confirmed', ['a@example.com', 'b@example.com']);
    await storeSubscribersAs(deps, 'pending', ['c@example.com']);
    await createDraft();
    expect(await asAdmin('POST', '/api/newsletters/1/send')).toEqual(
      answer(202, { success: true, newsletter: { ...draftJson(1), status: 'sending', total: 2 } }),
    );
  });

  it('answers 409 when sent already or when nobody is confirmed; 404; 400', async () => {
    await createDraft();
    expect(await asAdmin('POST', '/api/newsletters/1/send')).toEqual(
      answer(409, { success: false, message: M.nobodyConfirmed }),
    );
    await storeSubscribersAs(deps, 'confirmed', ['a@example.com']);
    expect((await asAdmin('POST', '/api/newsletters/1/send')).status).toBe(202);
    expect(await asAdmin('POST', '/api/newsletters/1/send')).toEqual(answer(409, NOT_DRAFT));
    expect(await asAdmin('POST', '/api/newsletters/2/send')).toEqual(answer(404, NOT_FOUND));
    expect(await asAdmin('POST', '/api/newsletters/one/send')).toEqual(answer(400, BAD_ID));
    expect(await recipientsOf(deps.db, 1)).toHaveLength(1);
  });

  it('answers 400 for an empty body declared as JSON, and sends nothing', async () => {
    await storeSubscribersAs(deps, 'confirmed', ['a@example.com']);
    await createDraft();
    expect((await asAdmin('POST', '/api/newsletters/1/send', { raw: '' })).status).toBe(400);
    expect(await recipientsOf(deps.db, 1)).toEqual([]);
  });
});

describe('POST /api/newsletters/:id/retry', () => {
  it('answers 202 with the newsletter sending again to its failed recipients', async () => {
    await sendOne();
    await writeTransaction(deps.db, async (tx) => {
      await tx.update(newsletters).set({ status: 'sent', sentAt: deps.clock.now() });
      await tx.run(`update newsletter_recipients set status = 'failed'`);
    });
    expect(await asAdmin('POST', '/api/newsletters/1/retry')).toEqual(
      answer(202, { success: true, newsletter: { ...draftJson(1), status: 'sending', total: 1 } }),
    );
  });

  it('answers 409 with nothing failed or for a draft; 404; 400', async () => {
    await sendOne();
    expect(await asAdmin('POST', '/api/newsletters/1/retry')).toEqual(
      answer(409, { success: false, message: M.nothingFailed }),
    );
    await createDraft();
    expect(await asAdmin('POST', '/api/newsletters/2/retry')).toEqual(
      answer(409, { success: false, message: M.draft }),
    );
    expect(await asAdmin('POST', '/api/newsletters/3/retry')).toEqual(answer(404, NOT_FOUND));
    expect(await asAdmin('POST', '/api/newsletters/1e3/retry')).toEqual(answer(400, BAD_ID));
  });
});
