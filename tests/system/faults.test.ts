/**
 * Faults that need a real server process: kill -9 mid-stream, a database write-locked by
 * another process, and starts that cannot open their database. Budgets are generous: the
 * machine is shared. Every start runs the tests' bundle of server.ts (server-bundle.ts).
 *
 * The tests share nothing (each has its own folder, database and processes) and mostly wait
 * on their processes and the held lock, so they run side by side (`describe.concurrent`);
 * each removes what it made through its own context's `onTestFinished`.
 */
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, it, type TestContext } from 'vitest';
import { contactBody, postContact } from '#tests/support/contact';
import { serverBundle } from '#tests/support/server-bundle';
import { startServerProcess, type ServerProcess } from '#tests/support/server-process';

/** What a test needs to clean up after itself, and to assert side by side with others. */
type Context = Pick<TestContext, 'onTestFinished' | 'expect'>;

/** A folder of the test's own for its database, removed when the test ends. */
function folder(test: Context): { dir: string; dbPath: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'faults-'));
  test.onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return { dir, dbPath: path.join(dir, 'app.db') };
}

/** A server on that database; a failed test must not leave one running. */
async function serve(
  test: Context,
  dbPath: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const server = await startServerProcess(dbPath, env);
  test.onTestFinished(async () => {
    server.signal('SIGKILL');
    await server.exited;
  });
  return server;
}

function storedMessages(file: string): { integrity: string; messages: Set<string> } {
  const db = new Database(file, { readonly: true });
  try {
    const integrity = db.pragma('integrity_check', { simple: true }) as string;
    const rows = db.prepare('select message from contacts').all() as { message: string }[];
    return { integrity, messages: new Set(rows.map((r) => r.message)) };
  } finally {
    db.close();
  }
}

describe.concurrent('faults, side by side', () => {
  describe('kill -9 during a stream of contact messages', () => {
    it('keeps every message that got a 201, and the file stays sound', async (context) => {
      const { expect } = context;
      const { dbPath } = folder(context);
      const server = await serve(context, dbPath, { TRUST_PROXY: '1' });
      const accepted: string[] = [];
      let next = 0;
      // Four senders until the server dies under them; a request cut off counts as not accepted.
      const sender = async () => {
        for (;;) {
          const i = next++;
          try {
            if ((await postContact(server.url, 'kill', i)) === 201) {
              accepted.push(contactBody('kill', i).message);
            }
          } catch {
            return;
          }
        }
      };
      const senders = Promise.all(Array.from({ length: 4 }, sender));
      await expect
        .poll(() => accepted.length, { timeout: 30_000, interval: 20 })
        .toBeGreaterThan(40);
      server.signal('SIGKILL');
      expect(await server.exited).toBeNull();
      await senders;

      const restarted = await serve(context, dbPath, { TRUST_PROXY: '1' });
      expect((await fetch(`${restarted.url}/healthz`)).status).toBe(200);
      restarted.signal('SIGTERM');
      expect(await restarted.exited).toBe(0);

      const { integrity, messages } = storedMessages(dbPath);
      expect(integrity).toBe('ok');
      expect(accepted.filter((m) => !messages.has(m))).toEqual([]);
    }, 120_000);
  });

  describe('the database write-locked by another connection for 2 s', () => {
    it('requests wait for the lock and then succeed', async (context) => {
      const { expect } = context;
      const { dbPath } = folder(context);
      const server = await serve(context, dbPath, { TRUST_PROXY: '1' });
      const locker = new Database(dbPath);
      try {
        locker.exec('BEGIN IMMEDIATE');
        const started = Date.now();
        const answers = Array.from({ length: 5 }, (_, i) =>
          postContact(server.url, 'locked', i).then((status) => ({ status, at: Date.now() })),
        );
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        const releasedAt = Date.now();
        locker.exec('COMMIT');

        const results = await Promise.all(answers);
        expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
        // They waited for the lock: none could answer before it was released.
        for (const result of results) expect(result.at).toBeGreaterThanOrEqual(releasedAt);
        expect(releasedAt - started).toBeGreaterThanOrEqual(2_000);
        expect(server.output()).not.toMatch(/SQLITE_BUSY|database is locked/);
      } finally {
        if (locker.inTransaction) locker.exec('ROLLBACK');
        locker.close();
        server.signal('SIGTERM');
        await server.exited;
      }
      const { messages } = storedMessages(dbPath);
      for (let i = 0; i < 5; i++) expect(messages.has(contactBody('locked', i).message)).toBe(true);
    }, 90_000);
  });

  describe('a database that cannot be opened stops the start with one line', () => {
    // The tests' bundle of server.ts (server-bundle.ts): the same start, without tsx's loader
    // (about 3 s less CPU each).
    let bundle: string;
    beforeAll(async () => {
      bundle = await serverBundle();
    });

    interface Ended {
      status: number | null;
      stdout: string;
      stderr: string;
    }

    /** The start, to its exit (a child of its own: the tests beside it keep running). */
    function start(databasePath: string): Promise<Ended> {
      return new Promise((resolve, reject) => {
        const child = spawn(process.execPath, [bundle], {
          env: { ...process.env, PORT: '0', DATABASE_PATH: databasePath, SESSION_SECRET: '' },
          stdio: ['ignore', 'pipe', 'pipe'],
          timeout: 60_000,
        });
        let stdout = '';
        let stderr = '';
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
        child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
        child.once('error', reject);
        child.once('close', (status) => resolve({ status, stdout, stderr }));
      });
    }

    function expectOneLine(expect: Context['expect'], result: Ended, named: string) {
      expect(result.status).toBe(1);
      expect(result.stdout).toBe('');
      const lines = result.stderr.split('\n').filter((line) => line !== '');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(named);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }

    it('a path under a regular file', async (context) => {
      const { expect } = context;
      const { dir } = folder(context);
      const file = path.join(dir, 'plain.txt');
      writeFileSync(file, 'not a folder\n');
      const target = path.join(file, 'app.db');
      const result = await start(target);
      expectOneLine(expect, result, `DATABASE_PATH "${target}"`);
      expect(result.stderr).toContain('cannot be created');
    }, 60_000);

    it('a file that is not a database', async (context) => {
      const { expect } = context;
      const { dbPath } = folder(context);
      writeFileSync(dbPath, Buffer.alloc(8192, 0x5a));
      const result = await start(dbPath);
      expectOneLine(expect, result, `DATABASE_PATH "${dbPath}"`);
      expect(result.stderr).toContain('file is not a database');
    }, 60_000);

    it('a database whose pages past the header are damaged', async (context) => {
      const { expect } = context;
      const { dbPath } = folder(context);
      const server = await serve(context, dbPath);
      server.signal('SIGTERM');
      expect(await server.exited).toBe(0);
      const db = new Database(dbPath);
      const pageSize = db.pragma('page_size', { simple: true }) as number;
      const pages = db.pragma('page_count', { simple: true }) as number;
      db.close();
      const damaged = new Database(dbPath, { readonly: true }).serialize();
      damaged.fill(0x5a, pageSize, pageSize * pages);
      writeFileSync(dbPath, damaged);
      const result = await start(dbPath);
      expectOneLine(expect, result, `DATABASE_PATH "${dbPath}"`);
      expect(result.stderr).toContain('malformed');
    }, 90_000);
  });
});
