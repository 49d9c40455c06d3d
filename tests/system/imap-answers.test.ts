/**
 * Leads' answers read by two real server processes (server.ts) on one sqld from one real IMAP
 * server (Dovecot, tests/support/dovecot.ts), as docs/leads.md promises when several instances
 * run: each mail becomes one `reply_received` entry whichever instance sees it first, and a
 * process killed with -9 and started again takes nothing twice. Starts its own sqld.
 */
import { createClient, type Client } from '@libsql/client';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postContact } from '#tests/support/contact';
import { startTestSqld, tempFolder } from '#tests/support/database';
import { startDovecot, type Dovecot } from '#tests/support/dovecot';
import { startServerProcess, type ServerProcess } from '#tests/support/server-process';

const ADMIN = { username: 'alice', password: 'correct horse battery staple' };
/** postContact's sender: the lead the answers belong to. */
const LEAD_EMAIL = 'fault@example.com';

let dovecot: Dovecot;
let sql: Client;
let sqldUrl: string;
const running: ServerProcess[] = [];

function startInstance(): Promise<ServerProcess> {
  return startServerProcess(path.join(tempFolder(), 'unused.db'), {
    DATABASE_URL: sqldUrl,
    TRUST_PROXY: '1',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    IMAP_URL: dovecot.url,
    IMAP_POLL_SECONDS: '5',
  }).then((server) => {
    running.push(server);
    return server;
  });
}

beforeAll(async () => {
  const [sqld, imap] = await Promise.all([startTestSqld(), startDovecot()]);
  sqldUrl = sqld.url;
  dovecot = imap;
  sql = createClient({ url: sqldUrl });
}, 60_000);

afterAll(async () => {
  sql?.close();
  for (const server of running) {
    if (server.exitSignal() === null) server.signal('SIGTERM');
    await server.exited;
  }
  await dovecot?.stop();
});

const answerMail = (id: string, body: string) =>
  [
    `From: Fault Tester <${LEAD_EMAIL}>`,
    'To: dana@acme.example',
    'Subject: Re: Your enquiry',
    `Message-ID: <${id}@mail.example>`,
    '',
    body,
    '',
  ].join('\r\n');

async function answersStored(): Promise<{ mailId: string; count: number }[]> {
  const rows = await sql.execute(
    "select mail_id, count(*) as n from lead_events where kind = 'reply_received' group by mail_id order by mail_id",
  );
  return rows.rows.map((row) => ({ mailId: String(row.mail_id), count: Number(row.n) }));
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string) {
  const deadline = Date.now() + 45_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function adminCookie(server: ServerProcess): Promise<string> {
  const res = await fetch(`${server.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.60' },
    body: JSON.stringify(ADMIN),
  });
  await res.arrayBuffer();
  expect(res.status).toBe(200);
  return res.headers.getSetCookie()[0]?.split(';')[0] ?? '';
}

/** When this instance last finished reading the mailbox (its own `leads.mailbox`). */
async function lastPollAt(server: ServerProcess, cookie: string): Promise<number> {
  const res = await fetch(`${server.url}/api/trpc/leads.mailbox`, { headers: { cookie } });
  const body = (await res.json()) as {
    result: { data: { mailbox: { lastPollAt: string | null; lastError: string | null } } };
  };
  expect(body.result.data.mailbox.lastError).toBeNull();
  return Date.parse(body.result.data.mailbox.lastPollAt ?? '') || 0;
}

/**
 * Waits until every instance has finished a whole read of the mailbox that began after `since`,
 * so anything it could still have taken twice is in the database by then.
 */
async function everyInstanceReadSince(servers: ServerProcess[], since: number) {
  await Promise.all(
    servers.map(async (server) => {
      const cookie = await adminCookie(server);
      const poll = () => lastPollAt(server, cookie);
      // The first read to end after `since` may have begun before it; the next one did not.
      const first = await until(poll, (at) => at > since, 'a read of the mailbox');
      await until(poll, (at) => at > first, 'a second read of the mailbox');
    }),
  );
}

/** The answers each process logged as taken, added up. */
const loggedTaken = (servers: ServerProcess[]) =>
  servers
    .flatMap((server) => [...server.output().matchAll(/"lead\.answers_taken".*?"answers":(\d+)/g)])
    .reduce((sum, match) => sum + Number(match[1]), 0);

describe('two instances reading one mailbox on one sqld', () => {
  it('each answer is taken once, by either instance, also after one is killed with -9 and started again', async () => {
    const [a, b] = await Promise.all([startInstance(), startInstance()]);
    expect(await postContact(a.url, 'imap', 1)).toBe(201);

    for (const n of [1, 2, 3]) await dovecot.append(answerMail(`answer-${n}`, `Answer ${n}.`));
    await until(answersStored, (rows) => rows.length === 3, 'three answers');
    await everyInstanceReadSince([a, b], Date.now());
    expect(await answersStored()).toEqual(
      [1, 2, 3].map((n) => ({ mailId: `answer-${n}@mail.example`, count: 1 })),
    );
    expect(loggedTaken([a, b])).toBe(3);

    // A dies between reads; a mail arrives; A comes back (its cursor is in the database).
    a.signal('SIGKILL');
    await a.exited;
    await dovecot.append(answerMail('answer-4', 'Answer 4.'));
    const a2 = await startInstance();
    await until(answersStored, (rows) => rows.length === 4, 'the fourth answer');
    await everyInstanceReadSince([a2, b], Date.now());
    expect((await answersStored()).map((row) => row.count)).toEqual([1, 1, 1, 1]);
    expect(loggedTaken([a, a2, b])).toBe(4);

    const lead = await sql.execute({
      sql: "select count(*) as n from lead_events e join leads l on l.id = e.lead_id where l.email = ? and e.kind = 'reply_received'",
      args: [LEAD_EMAIL],
    });
    expect(Number(lead.rows[0]?.n)).toBe(4);
  }, 120_000);
});
