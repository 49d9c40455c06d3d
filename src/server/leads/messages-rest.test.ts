import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages';
import { SUBJECT_FILTER_MESSAGE } from '../../shared/leads';
import type { App } from '../app/app';
import { signedInCookie, type TestDeps } from '../../../tests/support/app';
import { storeMessages } from '../../../tests/support/leads';
import { serializeMessage } from './message-query';
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

const BOM = [0xef, 0xbb, 0xbf];

async function download(path: string, withCookie = true) {
  const response = await app.request(path, { headers: withCookie ? { cookie } : {} });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

const text = (bytes: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);

const NO_MESSAGE = { success: false, message: 'Message not found' };
const badId = invalid([{ path: 'id', message: MESSAGES.id }]);

describe('signed out', () => {
  it.each([
    ['GET', '/api/messages'],
    ['GET', '/api/messages.csv'],
    ['PATCH', '/api/messages/1'],
    ['DELETE', '/api/messages/1'],
  ])('%s %s answers 401', async (method, path) => {
    await storeMessages(deps, 1);
    const opts = method === 'PATCH' ? { json: { read: true } } : {};
    expect(await rest(app, method, path, opts)).toEqual(answer(401, UNAUTHORIZED));
  });

  it('answers 401 before looking at the input', async () => {
    expect(await rest(app, 'GET', '/api/messages.csv?subject=gossip')).toEqual(
      answer(401, UNAUTHORIZED),
    );
    expect(await rest(app, 'PATCH', '/api/messages/abc', { json: {} })).toEqual(
      answer(401, UNAUTHORIZED),
    );
    expect(await rest(app, 'PATCH', '/api/messages/1', { raw: '' })).toEqual(
      answer(401, UNAUTHORIZED),
    );
    expect(await rest(app, 'DELETE', '/api/messages/abc')).toEqual(answer(401, UNAUTHORIZED));
  });
});

describe('GET /api/messages', () => {
  it('answers a NUL in the search 400, on the list and the CSV export', async () => {
    const refusal = invalid([{ path: 'q', message: MESSAGES.searchNul }]);
    expect(await asAdmin('GET', '/api/messages?q=%00abc')).toEqual(answer(400, refusal));
    expect(await asAdmin('GET', '/api/messages.csv?q=%00abc')).toEqual(answer(400, refusal));
  });

  it('answers 200 with a page of messages', async () => {
    const [row] = await storeMessages(deps, 1);
    expect(await asAdmin('GET', '/api/messages')).toEqual(
      answer(200, {
        success: true,
        messages: [serializeMessage(row!)],
        total: 1,
        unread: 1,
        page: 1,
        pageSize: 25,
      }),
    );
  });

  it('reads the page, search and subject from the query string', async () => {
    const rows = await storeMessages(deps, 3, (i) => ({
      name: ['Ada Lovelace', 'Ada Byron', 'Grace Hopper'][i],
      subject: (['consulting', 'custom', 'custom'] as const)[i],
    }));
    expect(await asAdmin('GET', '/api/messages?q=ada&subject=custom')).toEqual(
      answer(200, {
        success: true,
        messages: [serializeMessage(rows[1]!)],
        total: 1,
        unread: 3,
        page: 1,
        pageSize: 25,
      }),
    );
    expect(await asAdmin('GET', '/api/messages?page=2')).toEqual(
      answer(200, { success: true, messages: [], total: 3, unread: 3, page: 2, pageSize: 25 }),
    );
  });

  it('answers 400 for a bad query parameter', async () => {
    expect(await asAdmin('GET', '/api/messages?page=1.5')).toEqual(
      answer(400, invalid([{ path: 'page', message: MESSAGES.page }])),
    );
  });
});

describe('PATCH /api/messages/:id', () => {
  it('takes read from the body and answers 200 with the message', async () => {
    const [row] = await storeMessages(deps, 1);
    expect(await asAdmin('PATCH', '/api/messages/1', { json: { read: true } })).toEqual(
      answer(200, {
        success: true,
        message: { ...serializeMessage(row!), readAt: deps.clock.now().toISOString() },
      }),
    );
  });

  it('answers 404 for an unknown id, 400 for a bad id or body', async () => {
    expect(await asAdmin('PATCH', '/api/messages/9', { json: { read: true } })).toEqual(
      answer(404, NO_MESSAGE),
    );
    expect(await asAdmin('PATCH', '/api/messages/1e3', { json: { read: true } })).toEqual(
      answer(400, badId),
    );
    await storeMessages(deps, 1);
    expect(await asAdmin('PATCH', '/api/messages/1', { json: { read: 'yes' } })).toEqual(
      answer(400, invalid([{ path: 'read', message: MESSAGES.read }])),
    );
    expect(await asAdmin('PATCH', '/api/messages/1', { raw: '' })).toEqual(
      answer(400, { success: false, message: 'Request body must be JSON' }),
    );
  });
});

describe('DELETE /api/messages/:id', () => {
  it('answers 200, then 404 for the same id', async () => {
    await storeMessages(deps, 1);
    expect(await asAdmin('DELETE', '/api/messages/1')).toEqual(answer(200, { success: true }));
    expect(await asAdmin('DELETE', '/api/messages/1')).toEqual(answer(404, NO_MESSAGE));
  });

  it('answers 400 for a bad id', async () => {
    expect(await asAdmin('DELETE', '/api/messages/abc')).toEqual(answer(400, badId));
  });
});

describe('GET /api/messages.csv', () => {
  it('is a dated UTF-8 download with a BOM and a header row, even when empty', async () => {
    deps.clock.set(new Date('2026-01-15T11:59:00Z'));
    // Two idle hours ended the first session (30 minutes idle limit): sign in anew.
    cookie = await signedInCookie(deps);
    const { response, bytes } = await download('/api/messages.csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="messages-2026-01-15.csv"',
    );
    expect([...bytes.slice(0, 3)]).toEqual(BOM);
    expect(text(bytes)).toBe('\uFEFFid,name,email,company,subject,message,createdAt,readAt\r\n');
  });

  it('quotes commas, quotes and line breaks, and keeps accents and emoji (RFC 4180)', async () => {
    const [row] = await storeMessages(deps, 1, {
      name: 'Zoë "Zed" Ünal',
      company: 'Café, Crème & Co',
      message: 'Line one\r\nLine two\nLine three\rend 🚀',
    });
    const { bytes } = await download('/api/messages.csv');
    expect(text(bytes).split('\r\n').slice(1).join('\r\n')).toBe(
      `1,"Zoë ""Zed"" Ünal",visitor1@example.com,"Café, Crème & Co",consulting,` +
        `"Line one\r\nLine two\nLine three\rend 🚀",${row!.createdAt.toISOString()},\r\n`,
    );
    // The emoji is four UTF-8 bytes, not a replacement character.
    expect(Buffer.from(bytes).includes(Buffer.from('🚀', 'utf8'))).toBe(true);
  });

  it.each(['=', '+', '-', '@', '\t', '\r'])(
    'neutralises a cell starting with %j with a leading quote',
    async (prefix) => {
      await storeMessages(deps, 1, {
        name: `${prefix}HYPERLINK("http://evil.example")`,
        company: 'Plain',
      });
      const { bytes } = await download('/api/messages.csv');
      const record = text(bytes).split('\r\n')[1] ?? '';
      const cell = `'${prefix}HYPERLINK(""http://evil.example"")`;
      // Quoted because of the quotes inside (and the CR for that prefix).
      expect(record.startsWith(`1,"${cell}",`)).toBe(true);
      expect(record).toContain(',Plain,');
    },
  );

  it('exports every match of the search and filter, not one page, newest first', async () => {
    await storeMessages(deps, 40, (i) => ({
      name: i % 2 === 0 ? `Even ${i}` : `Odd ${i}`,
      subject: i % 4 === 0 ? 'custom' : 'other',
    }));
    const { bytes } = await download('/api/messages.csv?q=even&subject=other');
    const records = text(bytes).trimEnd().split('\r\n').slice(1);
    expect(records).toHaveLength(10);
    expect(records[0]?.startsWith('39,Even 38,')).toBe(true);
    expect(records.every((r) => /^\d+,Even \d+,.*,other,/.test(r))).toBe(true);
    const all = text((await download('/api/messages.csv')).bytes)
      .trimEnd()
      .split('\r\n');
    expect(all).toHaveLength(41);
  });

  it('streams an export larger than one batch without losing or repeating rows', async () => {
    await storeMessages(deps, 2345);
    // Stored a second apart: 39 minutes idle ended the first session. Sign in anew.
    cookie = await signedInCookie(deps);
    const records = text((await download('/api/messages.csv')).bytes)
      .trimEnd()
      .split('\r\n')
      .slice(1);
    const ids = records.map((r) => Number(r.split(',')[0]));
    expect(ids).toEqual(Array.from({ length: 2345 }, (_, i) => 2345 - i));
  });

  it('lets other requests write while a download is still being read', async () => {
    await storeMessages(deps, 3000);
    // Stored a second apart: 50 minutes idle ended the first session. Sign in anew.
    cookie = await signedInCookie(deps);
    const response = await app.request('/api/messages.csv', { headers: { cookie } });
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    const marked = await rest(app, 'PATCH', '/api/messages/1', { json: { read: true }, cookie });
    expect(marked.status).toBe(200);
    let remainder = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      remainder += new TextDecoder().decode(chunk.value, { stream: true });
    }
    expect(remainder.trimEnd().split('\r\n').at(-1)?.startsWith('1,')).toBe(true);
  });

  it('answers 400 for an unknown subject', async () => {
    expect(await asAdmin('GET', '/api/messages.csv?subject=gossip&q=x')).toEqual(
      answer(400, invalid([{ path: 'subject', message: SUBJECT_FILTER_MESSAGE }])),
    );
  });
});
