/**
 * The leads' CSV files (GET /api/messages.csv and /api/subscribers.csv, served by the
 * `exportCsv` procedures): RFC 4180 quoting, UTF-8, neutralised formulas, every match rather
 * than one page, and a stream that reads in batches while others write. Statuses, headers and
 * the audit entry of each download are in http/rest-paths.test.ts.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import { subscribers } from '#db/schema';
import type { App } from '#server/app/app';
import { signedInCookie, type TestDeps } from '#tests/support/app';
import { storeMessages, storeSubscribers, type SubscriberFields } from '#tests/support/leads';
import { rest, signedInRestApp } from '#tests/support/rest';

let app: App;
let deps: TestDeps;
let cookie: string;

beforeEach(async () => {
  ({ app, deps, cookie } = await signedInRestApp());
});

async function download(path: string) {
  const response = await app.request(path, { headers: { cookie } });
  expect(response.status).toBe(200);
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { bytes, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) };
}

describe('messages.csv', () => {
  it('has only the header row when there is nothing', async () => {
    expect((await download('/api/messages.csv')).text).toBe(
      '\uFEFFid,name,email,company,subject,message,createdAt,readAt\r\n',
    );
  });

  it('quotes commas, quotes and line breaks, and keeps accents and emoji (RFC 4180)', async () => {
    const [row] = await storeMessages(deps, 1, {
      name: 'Zoë "Zed" Ünal',
      company: 'Café, Crème & Co',
      message: 'Line one\r\nLine two\nLine three\rend 🚀',
    });
    const { bytes, text } = await download('/api/messages.csv');
    expect(text.split('\r\n').slice(1).join('\r\n')).toBe(
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
      const record = (await download('/api/messages.csv')).text.split('\r\n')[1] ?? '';
      // Quoted because of the quotes inside (and the CR for that prefix).
      expect(record.startsWith(`1,"'${prefix}HYPERLINK(""http://evil.example"")",`)).toBe(true);
      expect(record).toContain(',Plain,');
    },
  );

  it('holds every match of the search and filter, not one page, newest first', async () => {
    await storeMessages(deps, 40, (i) => ({
      name: i % 2 === 0 ? `Even ${i}` : `Odd ${i}`,
      subject: i % 4 === 0 ? 'custom' : 'other',
    }));
    const records = (await download('/api/messages.csv?q=even&subject=other')).text
      .trimEnd()
      .split('\r\n')
      .slice(1);
    expect(records).toHaveLength(10);
    expect(records[0]?.startsWith('39,Even 38,')).toBe(true);
    expect(records.every((r) => /^\d+,Even \d+,.*,other,/.test(r))).toBe(true);
    expect((await download('/api/messages.csv')).text.trimEnd().split('\r\n')).toHaveLength(41);
  });

  it('streams a file larger than one batch without losing or repeating rows', async () => {
    await storeMessages(deps, 2345);
    // Stored a second apart: 39 minutes idle ended the first session. Sign in anew.
    cookie = await signedInCookie(deps);
    const records = (await download('/api/messages.csv')).text.trimEnd().split('\r\n').slice(1);
    const ids = records.map((r) => Number(r.split(',')[0]));
    expect(ids).toEqual(Array.from({ length: 2345 }, (_, i) => 2345 - i));
  });

  it('lets other requests write while a download is still being read', async () => {
    await storeMessages(deps, 3000);
    // Stored a second apart: 50 minutes idle ended the first session. Sign in anew.
    cookie = await signedInCookie(deps);
    const response = await app.request('/api/messages.csv', { headers: { cookie } });
    const reader = response.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    const marked = await rest(app, 'PATCH', '/api/messages/1', { json: { read: true }, cookie });
    expect(marked.status).toBe(200);
    let remainder = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      remainder += new TextDecoder().decode(chunk.value, { stream: true });
    }
    expect(remainder.trimEnd().split('\r\n').at(-1)?.startsWith('1,')).toBe(true);
  });
});

describe('subscribers.csv', () => {
  it('holds every subscriber newest first, neutralising an address that starts like a formula', async () => {
    const rows = await storeSubscribers(deps, 60);
    await writeTransaction(deps.db, (tx) =>
      tx.insert(subscribers).values({ email: '=cmd@example.com' }),
    );
    const lines = (await download('/api/subscribers.csv')).text.split('\r\n');
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
    const csv = async (query: string) =>
      (await download(`/api/subscribers.csv${query}`)).text.replace(/^\uFEFF/, '').split('\r\n');
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
});
