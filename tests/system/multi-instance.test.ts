/**
 * Several instances on one libSQL server (docs/operations.md): two real server processes
 * (server.ts) started together on one sqld, driven over HTTP like a load balancer would.
 * Independent of TEST_DATABASE: this file starts its own sqld.
 */
import { createClient, type Client } from '@libsql/client';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqldProcess } from '../../scripts/sqld-process';
import { startSqld } from '../../scripts/sqld-process';
import { writeCspHashes } from '../../scripts/csp-hashes';
import { MIGRATIONS_FOLDER } from '#db/migrations';
import { DEMO_FACTS } from '#db/seed';
import { contactBody, postContact } from '#tests/support/contact';
import { startTestSqld, tempFolder } from '#tests/support/database';
import {
  PROCESS_SESSION_SECRET,
  startServerProcess,
  type ServerProcess,
} from '#tests/support/server-process';
import { unknownNameBucket } from '#server/identity/ways-in/login-throttle';
import { TEMPLATE_FILE } from '#server/content/page-template';
import { defaultSiteContent } from '#shared/site-content-defaults';

/** The migrations drizzle-kit has written: its journal lists each one. */
const MIGRATION_COUNT = (
  JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

const ADMIN = { username: 'alice', password: 'correct horse battery staple' };

let sqld: SqldProcess;
let a: ServerProcess;
let b: ServerProcess;
let sql: Client;

/**
 * A stand-in for the built client with the page template, so that both instances render the
 * home page from the content (docs/content.md) without a build.
 */
function clientFixture(): string {
  const dir = tempFolder();
  mkdirSync(path.join(dir, '.render'));
  writeFileSync(
    path.join(dir, TEMPLATE_FILE),
    '<!doctype html><html><head><!--head-tags--><title>x</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dir, 'index.html'), '<p>build</p>');
  writeFileSync(path.join(dir, 'app.html'), '<p>app</p>');
  writeCspHashes(dir);
  return dir;
}

function startInstance(url: string, clientDir = clientFixture()): Promise<ServerProcess> {
  return startServerProcess(path.join(tempFolder(), 'unused.db'), {
    CLIENT_DIR: clientDir,
    DATABASE_URL: url,
    TRUST_PROXY: '1',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
  });
}

beforeAll(async () => {
  sqld = await startTestSqld();
  // Started together: both migrate, seed and create the first admin on an empty database.
  [a, b] = await Promise.all([startInstance(sqld.url), startInstance(sqld.url)]);
  sql = createClient({ url: sqld.url });
}, 120_000);

afterAll(async () => {
  sql?.close();
  for (const server of [a, b]) {
    server?.signal('SIGTERM');
    await server?.exited;
  }
});

/** Requests from one client address, so the throttles see one visitor across instances. */
function call(server: ServerProcess, method: string, url: string, init: RequestInit = {}) {
  return fetch(`${server.url}${url}`, {
    method,
    ...init,
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': '203.0.113.50',
      ...(init.headers as Record<string, string>),
    },
  });
}

async function login(server: ServerProcess, password = ADMIN.password, ip = '203.0.113.50') {
  const res = await call(server, 'POST', '/api/admin/login', {
    body: JSON.stringify({ username: ADMIN.username, password }),
    headers: { 'x-forwarded-for': ip },
  });
  await res.arrayBuffer();
  const cookie = res.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  return { status: res.status, cookie };
}

async function signedIn(server: ServerProcess, cookie: string): Promise<boolean> {
  const res = await call(server, 'GET', '/api/admin/check', { headers: { cookie } });
  const body = (await res.json()) as { authenticated?: boolean };
  return body.authenticated === true;
}

describe('two instances on one sqld', () => {
  it('both started together: one schema, the demo facts once, one admin', async () => {
    const facts = await sql.execute('select count(*) as n from ai_facts');
    const users = await sql.execute('select username from users');
    const migrations = await sql.execute('select count(*) as n from __drizzle_migrations');
    expect(Number(facts.rows[0]?.n)).toBe(DEMO_FACTS.length);
    expect(users.rows.map((row) => row.username)).toEqual([ADMIN.username]);
    // Each migration once, however many both applied between them.
    expect(Number(migrations.rows[0]?.n)).toBe(MIGRATION_COUNT);
  });

  it('a session made on A works on B, and logout on B ends it on A', async () => {
    const { status, cookie } = await login(a);
    expect(status).toBe(200);
    expect(await signedIn(b, cookie)).toBe(true);
    expect(await signedIn(a, cookie)).toBe(true);

    const out = await call(b, 'POST', '/api/admin/logout', { headers: { cookie } });
    expect(out.status).toBe(200);
    expect(await signedIn(a, cookie)).toBe(false);
    expect(await signedIn(b, cookie)).toBe(false);
  });

  // Across two processes: B learns of A's save from the change counter alone. How soon (every
  // instance asks at most PUBLISHED_CHECK_MS after its last look, well inside the 2 seconds
  // docs/content.md promises) is proven with a driven clock in content/pages.test.ts; timing
  // it here measured a busy machine's rendering, not the rule.
  it("a content save on A shows in B's prerendered /, with a new ETag", async () => {
    const { cookie } = await login(a, ADMIN.password, '203.0.113.52');
    // B has rendered and cached the page of the current version.
    const before = await call(b, 'GET', '/');
    expect(await before.text()).toContain('Unlocking Your');
    const etag = before.headers.get('etag') ?? '';
    const content = structuredClone(defaultSiteContent);
    content.hero.headlineStart = 'Saved on instance A';
    const saved = await call(a, 'PUT', '/api/content', {
      headers: { cookie },
      body: JSON.stringify({ content, baseVersion: 0 }),
    });
    expect(saved.status).toBe(200);
    await expect
      .poll(
        async () => {
          const res = await call(b, 'GET', '/', { headers: { 'if-none-match': etag } });
          return { status: res.status, shown: (await res.text()).includes('Saved on instance A') };
        },
        { timeout: 10_000, interval: 100 },
      )
      .toEqual({ status: 200, shown: true });
  });

  it('a fact created on A shows on B at once', async () => {
    const { cookie } = await login(a, ADMIN.password, '203.0.113.51');
    // B has the list cached (and an ETag); the new fact must still show on the next read.
    const before = await call(b, 'GET', '/api/ai-facts');
    const etag = before.headers.get('etag') ?? '';
    await before.arrayBuffer();
    const factText = `Made on A at ${Date.now()}: shown by B.`;
    const created = await call(a, 'POST', '/api/ai-facts', {
      headers: { cookie },
      body: JSON.stringify({ factText, source: 'Multi-instance test', active: true }),
    });
    expect(created.status).toBe(201);
    const after = await call(b, 'GET', '/api/ai-facts', { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    const body = (await after.json()) as { facts: { factText: string }[] };
    expect(body.facts.map((fact) => fact.factText)).toContain(factText);
  });

  it('200 contact messages sent to both at once are all stored, none twice', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => postContact(i % 2 === 0 ? a.url : b.url, 'both', i)),
    );
    expect(statuses.filter((status) => status !== 201)).toEqual([]);
    const rows = await sql.execute("select message from contacts where message like 'both %'");
    const messages = rows.rows.map((row) => String(row.message));
    expect(messages).toHaveLength(200);
    expect(new Set(messages).size).toBe(200);
    for (let i = 0; i < 200; i++) expect(messages).toContain(contactBody('both', i).message);
  }, 60_000);

  // Each throttle below is counted by the statement that writes, on whichever instance: a
  // burst split over both must still store exactly the limit, never one more.
  /** 20 POSTs at once, alternating between A and B; answers their statuses. */
  function burstOverBoth(
    path: string,
    request: (i: number) => { body: unknown; address: string },
  ): Promise<number[]> {
    return Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const { body, address } = request(i);
        const res = await call(i % 2 === 0 ? a : b, 'POST', path, {
          body: JSON.stringify(body),
          headers: { 'x-forwarded-for': address },
        });
        await res.arrayBuffer();
        return res.status;
      }),
    );
  }

  it('20 contact messages from one address sent to both at once: exactly 5 stored', async () => {
    const statuses = await burstOverBoth('/api/contact', (i) => ({
      body: contactBody('burst', i),
      address: '198.18.1.20',
    }));
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    const rows = await sql.execute(
      "select count(*) as n from contacts where message like 'burst %'",
    );
    expect(Number(rows.rows[0]?.n)).toBe(5);
  }, 60_000);

  it('20 new subscriptions from one address sent to both at once: exactly 5 stored', async () => {
    const statuses = await burstOverBoth('/api/subscribe', (i) => ({
      body: { email: `burst${i}@example.com` },
      address: '198.18.1.21',
    }));
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    const rows = await sql.execute(
      "select count(*) as n from subscribers where email like 'burst%@example.com'",
    );
    expect(Number(rows.rows[0]?.n)).toBe(5);
  }, 60_000);

  it('20 wrong sign-ins for one name, each from its own address, sent to both at once: 5 judged', async () => {
    const answers = await burstOverBoth('/api/admin/login', (i) => ({
      body: { username: 'mallory', password: 'a guess of some length' },
      address: `198.18.2.${i + 1}`,
    }));
    expect(answers.filter((status) => status === 401)).toHaveLength(5);
    expect(answers.filter((status) => status === 429)).toHaveLength(15);
    // A name that matches nobody is counted under its keyed hash.
    const rows = await sql.execute({
      sql: 'select count(*) as n from throttle_events where bucket = ?',
      args: [unknownNameBucket(PROCESS_SESSION_SECRET, 'mallory')],
    });
    expect(Number(rows.rows[0]?.n)).toBe(5);
  }, 60_000);

  // Last: it leaves alice's sign-in throttled.
  it('5 failed logins split across A and B throttle the 6th on either', async () => {
    const ip = '198.18.0.9';
    const wrong = 'not the password at all';
    const statuses = [];
    for (const server of [a, b, a, b, a]) statuses.push((await login(server, wrong, ip)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    expect((await login(b, wrong, ip)).status).toBe(429);
    expect((await login(a, ADMIN.password, ip)).status).toBe(429);
  });
});

describe('sqld restarted mid-run', () => {
  it('answers 503 with a clear message while it is down, then works again; nothing acknowledged is lost', async () => {
    const own = await startSqld(path.join(tempFolder('sqld-restart-'), 'data'));
    let server: ServerProcess | undefined;
    try {
      server = await startInstance(own.url);
      const before = await Promise.all(
        Array.from({ length: 20 }, (_, i) => postContact(server!.url, 'restart', i)),
      );
      expect(before.every((status) => status === 201)).toBe(true);

      await own.stop();
      const facts = await fetch(`${server.url}/api/ai-facts`);
      expect(facts.status).toBe(503);
      expect(facts.headers.get('content-type')).toMatch(/^application\/json/);
      const body = (await facts.json()) as { success: boolean; message: string };
      expect(body.success).toBe(false);
      expect(body.message).toMatch(/unavailable/i);
      expect(await postContact(server.url, 'while-down', 0)).toBe(503);
      // Through the tRPC adapter and the procedure (a batch skips the facts' fast path).
      const trpc = await fetch(
        `${server.url}/api/trpc/facts.listPublic?batch=1&input=${encodeURIComponent('{}')}`,
      );
      expect(trpc.status).toBe(503);
      await trpc.arrayBuffer();
      // Still running: no crash while the database is away.
      expect((await fetch(`${server.url}/`)).status).toBeLessThan(500);

      const back = await startSqld(own.dataDir, { port: own.port });
      try {
        await expect
          .poll(() => postContact(server!.url, 'after', 0), { timeout: 15_000, interval: 100 })
          .toBe(201);
        const client = createClient({ url: back.url });
        const rows = await client.execute(
          "select message from contacts where message like 'restart %'",
        );
        client.close();
        expect(rows.rows).toHaveLength(20);
        expect(server.output()).not.toMatch(/\n\s+at /);
      } finally {
        await back.stop();
      }
    } finally {
      server?.signal('SIGKILL');
      await server?.exited;
      await own.stop();
    }
  }, 120_000);
});
