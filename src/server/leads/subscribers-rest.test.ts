import { beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '../../../db';
import { subscribers } from '../../../db/schema';
import { MESSAGES } from '../../shared/messages';
import type { App } from '../http/app';
import type { TestDeps } from '../../../tests/support/app';
import { storeSubscribers } from '../../../tests/support/leads';
import {
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

describe('signed out', () => {
  it.each([
    ['GET', '/api/subscribers'],
    ['GET', '/api/subscribers.csv'],
    ['DELETE', '/api/subscribers/1'],
  ])('%s %s answers 401 and no data', async (method, path) => {
    await storeSubscribers(deps, 1);
    const response = await rest(app, method, path);
    expect(response).toMatchObject({ status: 401, body: UNAUTHORIZED });
    expect(JSON.stringify(response.body)).not.toContain('reader1');
    expect(await deps.db.select().from(subscribers).all()).toHaveLength(1);
  });
});

describe('GET /api/subscribers', () => {
  it('answers an empty page on a fresh database', async () => {
    expect((await asAdmin('GET', '/api/subscribers')).body).toEqual({
      success: true,
      subscribers: [],
      total: 0,
      page: 1,
      pageSize: 50,
    });
  });

  it.each([
    [50, 1, 50],
    [50, 2, 0],
    [51, 2, 1],
    [51, 4, 0],
  ])('with %i stored, page %i holds %i, newest first', async (stored, page, shown) => {
    await storeSubscribers(deps, stored);
    const { status, body } = await asAdmin('GET', `/api/subscribers?page=${page}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, total: stored, page, pageSize: 50 });
    const list = (body as { subscribers: { id: number; email: string }[] }).subscribers;
    expect(list).toHaveLength(shown);
    if (shown > 0) expect(list[0]?.id).toBe(stored - (page - 1) * 50);
  });

  it('answers 400 for a bad page', async () => {
    expect(await asAdmin('GET', '/api/subscribers?page=abc')).toMatchObject({
      status: 400,
      body: invalid([{ path: 'page', message: MESSAGES.page }]),
    });
  });
});

describe('DELETE /api/subscribers/:id', () => {
  it('removes the subscriber, then answers 404 for the same id', async () => {
    await storeSubscribers(deps, 1);
    expect(await asAdmin('DELETE', '/api/subscribers/1')).toMatchObject({
      status: 200,
      body: { success: true },
    });
    expect(await asAdmin('DELETE', '/api/subscribers/1')).toMatchObject({
      status: 404,
      body: { success: false, message: 'Subscriber not found' },
    });
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
