import { beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '../../../db';
import { subscribers } from '../../../db/schema';
import { MESSAGES } from '../../shared/messages';
import type { App } from '../http/app';
import type { TestDeps } from '../../../tests/support/app';
import { storeSubscribers } from '../../../tests/support/leads';
import { serializeSubscriber } from './subscribers-router';
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
let cookie: string;
let asAdmin: AdminRest;

beforeEach(async () => {
  ({ app, deps, cookie, asAdmin } = await signedInRestApp());
});

const badId = invalid([{ path: 'id', message: MESSAGES.id }]);

describe('signed out', () => {
  it.each([
    ['GET', '/api/subscribers'],
    ['GET', '/api/subscribers.csv'],
    ['DELETE', '/api/subscribers/1'],
    ['DELETE', '/api/subscribers/abc'],
  ])('%s %s answers 401', async (method, path) => {
    await storeSubscribers(deps, 1);
    expect(await rest(app, method, path)).toEqual(answer(401, UNAUTHORIZED));
  });
});

describe('GET /api/subscribers', () => {
  it('answers 200 with a page of subscribers', async () => {
    const [row] = await storeSubscribers(deps, 1);
    expect(await asAdmin('GET', '/api/subscribers')).toEqual(
      answer(200, {
        success: true,
        subscribers: [serializeSubscriber(row!)],
        total: 1,
        page: 1,
        pageSize: 50,
      }),
    );
  });

  it('reads the page from the query string', async () => {
    await storeSubscribers(deps, 1);
    expect(await asAdmin('GET', '/api/subscribers?page=2')).toEqual(
      answer(200, { success: true, subscribers: [], total: 1, page: 2, pageSize: 50 }),
    );
  });

  it('answers 400 for a bad page', async () => {
    expect(await asAdmin('GET', '/api/subscribers?page=abc')).toEqual(
      answer(400, invalid([{ path: 'page', message: MESSAGES.page }])),
    );
  });
});

describe('DELETE /api/subscribers/:id', () => {
  it('answers 200, then 404 for the same id', async () => {
    await storeSubscribers(deps, 1);
    expect(await asAdmin('DELETE', '/api/subscribers/1')).toEqual(answer(200, { success: true }));
    expect(await asAdmin('DELETE', '/api/subscribers/1')).toEqual(
      answer(404, { success: false, message: 'Subscriber not found' }),
    );
  });

  it('answers 400 for a bad id', async () => {
    expect(await asAdmin('DELETE', '/api/subscribers/1.5')).toEqual(answer(400, badId));
  });
});

describe('GET /api/subscribers.csv', () => {
  it('is a dated UTF-8 download with a BOM, every subscriber newest first', async () => {
    const rows = await storeSubscribers(deps, 60);
    await writeTransaction(deps.db, (tx) =>
      tx.insert(subscribers).values({ email: '=cmd@example.com' }),
    );
    const response = await app.request('/api/subscribers.csv', { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="subscribers-${deps.clock.now().toISOString().slice(0, 10)}.csv"`,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).split('\r\n');
    expect(lines[0]).toBe('id,email,createdAt');
    expect(lines[1]).toMatch(/^61,'=cmd@example\.com,/);
    expect(lines[2]).toBe(`60,reader60@example.com,${rows[59]!.createdAt.toISOString()}`);
    expect(lines).toHaveLength(63);
    expect(lines.at(-1)).toBe('');
  });
});
