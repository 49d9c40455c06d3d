import { beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '../../../db';
import { subscribers } from '../../../db/schema';
import { STATUS_FILTER_MESSAGE } from '../../shared/leads';
import { MESSAGES } from '../../shared/messages';
import type { App } from '../app/app';
import type { TestDeps } from '../../../tests/support/app';
import { storeSubscribers, type SubscriberFields } from '../../../tests/support/leads';
import { serializeSubscriber } from './subscriber-query';
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
const badStatus = invalid([{ path: 'status', message: STATUS_FILTER_MESSAGE }]);
const noCounts = { pending: 0, confirmed: 0, unsubscribed: 0 };

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
        counts: { ...noCounts, pending: 1 },
        page: 1,
        pageSize: 50,
      }),
    );
  });

  it('filters by the status in the query string; counts stay those of every status', async () => {
    const confirmedAt = new Date('2026-02-02T09:00:00.000Z');
    const rows = await storeSubscribers(deps, 3, (i) =>
      i === 1 ? { status: 'confirmed', confirmedAt } : {},
    );
    expect(await asAdmin('GET', '/api/subscribers?status=confirmed')).toEqual(
      answer(200, {
        success: true,
        subscribers: [
          {
            id: 2,
            email: 'reader2@example.com',
            status: 'confirmed',
            createdAt: rows[1]!.createdAt.toISOString(),
            confirmedAt: '2026-02-02T09:00:00.000Z',
            unsubscribedAt: null,
          },
        ],
        total: 1,
        counts: { pending: 2, confirmed: 1, unsubscribed: 0 },
        page: 1,
        pageSize: 50,
      }),
    );
    expect(await asAdmin('GET', '/api/subscribers?status=&page=1')).toMatchObject({
      status: 200,
      body: { total: 3, subscribers: rows.toReversed().map(serializeSubscriber) },
    });
  });

  it('reads the page from the query string', async () => {
    await storeSubscribers(deps, 1);
    expect(await asAdmin('GET', '/api/subscribers?page=2')).toEqual(
      answer(200, {
        success: true,
        subscribers: [],
        total: 1,
        counts: { ...noCounts, pending: 1 },
        page: 2,
        pageSize: 50,
      }),
    );
  });

  it('answers 400 for a bad page', async () => {
    expect(await asAdmin('GET', '/api/subscribers?page=abc')).toEqual(
      answer(400, invalid([{ path: 'page', message: MESSAGES.page }])),
    );
  });

  it.each(['active', 'CONFIRMED', 'pending,confirmed'])(
    'answers 400 for the status %j, naming the three',
    async (status) => {
      expect(await asAdmin('GET', `/api/subscribers?status=${encodeURIComponent(status)}`)).toEqual(
        answer(400, badStatus),
      );
    },
  );
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
    expect(lines[0]).toBe('id,email,status,createdAt,confirmedAt,unsubscribedAt');
    expect(lines[1]).toMatch(/^61,'=cmd@example\.com,pending,/);
    expect(lines[2]).toBe(`60,reader60@example.com,pending,${rows[59]!.createdAt.toISOString()},,`);
    expect(lines).toHaveLength(63);
    expect(lines.at(-1)).toBe('');
  });

  it('holds only the filtered status, with the confirmation and unsubscription dates', async () => {
    const confirmedAt = new Date('2026-02-02T09:00:00.000Z');
    const unsubscribedAt = new Date('2026-02-20T17:45:00.000Z');
    const rows = await storeSubscribers(
      deps,
      4,
      (i) =>
        [
          { status: 'confirmed', confirmedAt },
          {},
          { status: 'unsubscribed', confirmedAt, unsubscribedAt },
          { status: 'confirmed', confirmedAt },
        ][i] as SubscriberFields,
    );
    const csv = async (query: string) => {
      const response = await app.request(`/api/subscribers.csv${query}`, { headers: { cookie } });
      expect(response.status).toBe(200);
      return (await response.text()).replace(/^\uFEFF/, '').split('\r\n');
    };
    const created = rows.map((r) => r.createdAt.toISOString());
    expect(await csv('?status=confirmed')).toEqual([
      'id,email,status,createdAt,confirmedAt,unsubscribedAt',
      `4,reader4@example.com,confirmed,${created[3]},2026-02-02T09:00:00.000Z,`,
      `1,reader1@example.com,confirmed,${created[0]},2026-02-02T09:00:00.000Z,`,
      '',
    ]);
    expect(await csv('?status=unsubscribed')).toEqual([
      'id,email,status,createdAt,confirmedAt,unsubscribedAt',
      `3,reader3@example.com,unsubscribed,${created[2]},2026-02-02T09:00:00.000Z,2026-02-20T17:45:00.000Z`,
      '',
    ]);
    expect((await csv('?status=')).map((line) => line.split(',')[0])).toEqual([
      'id',
      '4',
      '3',
      '2',
      '1',
      '',
    ]);
  });

  it('answers 400 for an unknown status, and 401 before it when signed out', async () => {
    expect(await asAdmin('GET', '/api/subscribers.csv?status=gone')).toEqual(
      answer(400, badStatus),
    );
    expect(await rest(app, 'GET', '/api/subscribers.csv?status=gone')).toEqual(
      answer(401, UNAUTHORIZED),
    );
  });
});
