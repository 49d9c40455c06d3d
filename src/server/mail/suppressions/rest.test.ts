/** The suppression list's REST paths (docs/api.md, "Suppression") through the whole app. */
import { beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import { suppressions } from '#db/schema';
import { MESSAGES } from '#shared/messages';
import { SUPPRESSION_MESSAGES } from '#shared/suppressions';
import { suppressAddress } from '#server/mail/suppressions/suppression';
import type { App } from '#server/app/app';
import type { TestDeps } from '#tests/support/app';
import {
  answer,
  invalid,
  rest,
  signedInRestApp,
  UNAUTHORIZED,
  type AdminRest,
} from '#tests/support/rest';

let app: App;
let deps: TestDeps;
let asAdmin: AdminRest;

beforeEach(async () => {
  ({ app, deps, asAdmin } = await signedInRestApp());
});

const suppress = (email: string) =>
  writeTransaction(deps.db, (tx) =>
    suppressAddress(tx, { email, reason: 'hard_bounce', detail: '5.1.1' }, deps.clock.now()),
  );
const stored = async () =>
  (await deps.db.select().from(suppressions).all()).map((row) => row.email);

describe('the suppression paths', () => {
  it('GET /api/suppressions answers { success, suppressions, total, page } with q and page', async () => {
    await suppress('ada@example.com');
    await suppress('bob@example.org');
    expect(await asAdmin('GET', '/api/suppressions?q=example.org&page=1')).toEqual(
      answer(200, {
        success: true,
        suppressions: [
          {
            email: 'bob@example.org',
            reason: 'hard_bounce',
            detail: '5.1.1',
            at: deps.clock.now().toISOString(),
          },
        ],
        total: 1,
        page: 1,
      }),
    );
    expect(await asAdmin('GET', '/api/suppressions?q=&page=')).toMatchObject({
      status: 200,
      body: { total: 2, page: 1 },
    });
    expect(await asAdmin('GET', '/api/suppressions?page=x')).toEqual(
      answer(400, invalid([{ path: 'page', message: MESSAGES.page }])),
    );
  });

  it('POST /api/suppressions answers 201, also for an address already there; 400 names `email`', async () => {
    const added = {
      email: 'new@example.com',
      reason: 'manual',
      detail: 'added by admin',
      at: deps.clock.now().toISOString(),
    };
    expect(
      await asAdmin('POST', '/api/suppressions', { json: { email: 'New@example.com' } }),
    ).toEqual(answer(201, { success: true, suppression: added, added: true }));
    expect(
      await asAdmin('POST', '/api/suppressions', { json: { email: 'new@example.com' } }),
    ).toEqual(answer(201, { success: true, suppression: added, added: false }));
    expect(
      await asAdmin('POST', '/api/suppressions', { json: { email: 'not an address' } }),
    ).toEqual(answer(400, invalid([{ path: 'email', message: MESSAGES.email }])));
    expect(await stored()).toEqual(['new@example.com']);
  });

  it('DELETE /api/suppressions/:email decodes and lower-cases the address; 404 when not listed', async () => {
    await suppress('ada+news@example.com');
    expect(await asAdmin('DELETE', '/api/suppressions/ADA%2Bnews%40Example.com')).toEqual(
      answer(200, { success: true }),
    );
    expect(await stored()).toEqual([]);
    expect(await asAdmin('DELETE', '/api/suppressions/ada%2Bnews%40example.com')).toEqual(
      answer(404, { success: false, message: SUPPRESSION_MESSAGES.notFound }),
    );
  });

  it('answers 401 signed out, before the body, and changes nothing', async () => {
    await suppress('ada@example.com');
    expect(await rest(app, 'GET', '/api/suppressions')).toEqual(answer(401, UNAUTHORIZED));
    expect(
      await rest(app, 'POST', '/api/suppressions', { json: { email: 'b@example.com' } }),
    ).toEqual(answer(401, UNAUTHORIZED));
    expect(await rest(app, 'DELETE', '/api/suppressions/ada%40example.com')).toEqual(
      answer(401, UNAUTHORIZED),
    );
    expect(await stored()).toEqual(['ada@example.com']);
  });
});
