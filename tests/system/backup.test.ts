/**
 * `npm run admin -- backup <file>`: an online copy taken by a separate process while the
 * server goes on storing contact messages is sound and holds what was stored before it began.
 */
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { contactBody, postContact } from '#tests/support/contact';
import { PROCESS_SESSION_SECRET, startServerProcess } from '#tests/support/server-process';
import { startTestSqld } from '#tests/support/database';
import { LIBSQL_BACKUP_MESSAGE } from '#db/backup';
import { main, type CliIo } from '#server/cli';

let dir: string;
let dbPath: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'backup-'));
  dbPath = path.join(dir, 'app.db');
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the CLI as its own process, as an operator would, without blocking this one. */
function backupProcess(target: string): Promise<{ code: number | null; out: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/server/cli.ts', 'backup', target],
    {
      env: { ...process.env, DATABASE_PATH: dbPath },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, out })));
}

it('copies the database consistently while the server writes', async () => {
  const server = await startServerProcess(dbPath, { TRUST_PROXY: '1' });
  const accepted: string[] = [];
  let next = 0;
  let sending = true;
  const sender = async () => {
    while (sending) {
      const i = next++;
      if ((await postContact(server.url, 'backup', i)) === 201) {
        accepted.push(contactBody('backup', i).message);
      }
    }
  };
  const senders = Promise.all(Array.from({ length: 3 }, sender));
  try {
    await expect.poll(() => accepted.length, { timeout: 30_000, interval: 20 }).toBeGreaterThan(20);
    const before = [...accepted];
    const copy = path.join(dir, 'copy.db');
    const result = await backupProcess(copy);
    const after = accepted.length;
    sending = false;
    await senders;

    expect(result).toMatchObject({ code: 0 });
    expect(result.out).toMatch(
      /^database copied to ".*copy\.db" \(\d+ pages\)\nthis copy has no authenticated manifest: it restores only with `npm run admin -- restore <file> --unverified`\n$/,
    );
    // Writes went on while the backup process ran: the copy was taken from a live server.
    expect(after).toBeGreaterThan(before.length);
    const db = new Database(copy, { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const stored = new Set(
        (db.prepare('select message from contacts').all() as { message: string }[]).map(
          (r) => r.message,
        ),
      );
      expect(before.filter((m) => !stored.has(m))).toEqual([]);
      expect(
        (db.prepare('select count(*) as n from ai_facts').get() as { n: number }).n,
      ).toBeGreaterThan(0);
    } finally {
      db.close();
    }
  } finally {
    sending = false;
    server.signal('SIGTERM');
    await server.exited;
  }
}, 120_000);

async function cli(argv: string[], env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    askHidden: () => Promise.reject(new Error('unexpected prompt')),
  };
  return { code: await main(argv, env, io), out, err };
}

it('creates the copy readable by its owner only (mode 0600), whatever the umask', async () => {
  expect((await cli(['list-users'], { DATABASE_PATH: dbPath })).code).toBe(0);
  const target = path.join(dir, 'private.db');
  const umask = process.umask(0o022);
  try {
    expect((await cli(['backup', target], { DATABASE_PATH: dbPath })).code).toBe(0);
  } finally {
    process.umask(umask);
  }
  // A copy holds every user's password hash and every visitor's message.
  expect(statSync(target).mode & 0o777).toBe(0o600);
});

it('refuses to overwrite an existing file, with one line and exit 1', async () => {
  expect((await cli(['list-users'], { DATABASE_PATH: dbPath })).code).toBe(0);
  const existing = path.join(dir, 'keep.db');
  writeFileSync(existing, 'precious');

  const result = await cli(['backup', existing], { DATABASE_PATH: dbPath });

  expect(result).toEqual({
    code: 1,
    out: [],
    err: [`"${existing}" already exists; choose a new file`],
  });
  expect(readFileSync(existing, 'utf8')).toBe('precious');
});

it('refuses when there is no database to copy', async () => {
  const target = path.join(dir, 'copy.db');
  const result = await cli(['backup', target], { DATABASE_PATH: path.join(dir, 'none.db') });
  expect(result.code).toBe(1);
  expect(result.err).toEqual([
    `no database at "${path.join(dir, 'none.db')}" (DATABASE_PATH) to back up`,
  ]);
  expect(existsSync(target)).toBe(false);
  expect(existsSync(path.join(dir, 'none.db'))).toBe(false);
});

it("points to the libSQL server's own backups when DATABASE_URL is set, and writes nothing", async () => {
  const sqld = await startTestSqld();
  const target = path.join(dir, 'copy.db');
  const result = await cli(['backup', target], { DATABASE_URL: sqld.url });
  expect(result).toEqual({ code: 1, out: [], err: [LIBSQL_BACKUP_MESSAGE] });
  expect(existsSync(target)).toBe(false);
});

it('takes scheduled, verified backups from the running server, and restore waits for it to stop', async () => {
  const backups = path.join(dir, 'backups');
  // 0.002 hours: a look every 5 s, a backup due every 7.2 s.
  const server = await startServerProcess(dbPath, {
    BACKUP_DIR: backups,
    BACKUP_EVERY_HOURS: '0.002',
  });
  // The server's SESSION_SECRET: the manifest's key (docs/operations.md, "Restoring").
  const env = {
    DATABASE_PATH: dbPath,
    BACKUP_DIR: backups,
    SESSION_SECRET: PROCESS_SESSION_SECRET,
  };
  let stopped = false;
  try {
    await expect
      .poll(
        () => (existsSync(backups) ? readdirSync(backups).filter((n) => n.endsWith('.db.gz')) : []),
        {
          timeout: 60_000,
          interval: 200,
        },
      )
      .toHaveLength(1);
    await server.waitForOutput(/"event":"backup.ok"/, 30_000);
    const [key = ''] = readdirSync(backups).filter((n) => n.endsWith('.db.gz'));
    const refused = await cli(['restore', key], env);
    expect(refused.code).toBe(1);
    expect(refused.err).toEqual([
      expect.stringMatching(/^a server is running on ".*app\.db" \(.*\): stop it first$/),
    ]);
    server.signal('SIGTERM');
    expect(await server.exited).toBe(0);
    stopped = true;
    expect(existsSync(`${dbPath}.server`)).toBe(false);
    const restored = await cli(['restore', key], env);
    expect(restored).toMatchObject({ code: 0, err: [] });
  } finally {
    if (!stopped) {
      server.signal('SIGTERM');
      await server.exited;
    }
  }
}, 120_000);
