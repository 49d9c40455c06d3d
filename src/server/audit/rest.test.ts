import { beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '../../../db';
import { AUDIT_FILTER_MESSAGES } from '../../shared/audit';
import type { App } from '../app/app';
import type { TestDeps } from '../../../tests/support/app';
import {
  answer,
  invalid,
  rest,
  signedInRestApp,
  UNAUTHORIZED,
  type AdminRest,
} from '../../../tests/support/rest';
import { auditInsert } from './record';

let app: App;
let deps: TestDeps;
let cookie: string;
let asAdmin: AdminRest;

beforeEach(async () => {
  ({ app, deps, cookie, asAdmin } = await signedInRestApp());
  await writeTransaction(deps.db, async (tx) => {
    await auditInsert(tx, deps.clock.now(), {
      action: 'sign_in',
      actor: { id: 1, username: 'alice' },
      target: 'alice',
      ip: '203.0.113.9',
    });
    await auditInsert(tx, deps.clock.now(), {
      action: 'fact_created',
      actor: { id: 2, username: '=bob' },
      target: 'fact 1',
      ip: '2001:db8:1:2::1',
    });
    await auditInsert(tx, deps.clock.now(), { action: 'user_joined', actor: null, ip: null });
  });
});

const BOM = '\ufeff';

describe('GET /api/audit', () => {
  it('answers a page, newest first, filtered by the query string', async () => {
    expect(await asAdmin('GET', '/api/audit?page=1&action=sign_in&actor=alice')).toEqual(
      answer(200, {
        success: true,
        events: [
          {
            id: 1,
            at: '2026-01-15T10:00:00.000Z',
            actor: 'alice',
            action: 'sign_in',
            target: 'alice',
            address: '203.0.113.x',
          },
        ],
        total: 1,
        page: 1,
        pageSize: 50,
      }),
    );
    const all = await asAdmin('GET', '/api/audit');
    expect((all.body as { events: { id: number }[] }).events.map((e) => e.id)).toEqual([3, 2, 1]);
  });

  it('answers 401 signed out, 400 for an unknown action or a bad page', async () => {
    expect(await rest(app, 'GET', '/api/audit')).toEqual(answer(401, UNAUTHORIZED));
    expect(await rest(app, 'GET', '/api/audit.csv')).toEqual(answer(401, UNAUTHORIZED));
    const badAction = invalid([{ path: 'action', message: AUDIT_FILTER_MESSAGES.action }]);
    expect(await asAdmin('GET', '/api/audit?action=nope')).toEqual(answer(400, badAction));
    expect(await asAdmin('GET', '/api/audit.csv?action=nope')).toEqual(answer(400, badAction));
    expect((await asAdmin('GET', '/api/audit?page=0')).status).toBe(400);
  });
});

describe('GET /api/audit.csv', () => {
  it('is every match as a dated CSV file with the export rules', async () => {
    const response = await app.request('/api/audit.csv', { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="audit-2026-01-15.csv"',
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(text).toBe(
      `${BOM}id,at,actor,action,target,address\r\n` +
        // The download itself is recorded before the file is read.
        '4,2026-01-15T10:00:00.000Z,admin,export_downloaded,audit.csv,unknown\r\n' +
        '3,2026-01-15T10:00:00.000Z,,user_joined,,\r\n' +
        // A name that starts like a formula is neutralised (platform/csv.ts).
        "2,2026-01-15T10:00:00.000Z,'=bob,fact_created,fact 1,2001:db8:1:2::/64\r\n" +
        '1,2026-01-15T10:00:00.000Z,alice,sign_in,alice,203.0.113.x\r\n',
    );
  });

  it('keeps the filters', async () => {
    const response = await app.request('/api/audit.csv?actor=alice', { headers: { cookie } });
    const lines = (await response.text()).trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^1,.*,alice,sign_in,/);
  });
});
