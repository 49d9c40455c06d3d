/**
 * `npm run admin -- backup | backups | restore` (docs/operations.md, "Backups"), through the
 * CLI's own entry point, on a real file and a BACKUP_DIR folder.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import { closeDatabase, openDatabase, writeTransaction } from '#db';
import { LIBSQL_BACKUP_MESSAGE } from '#db/backup';
import { tags } from '#db/schema';
import { markLive, markStopped, newSenderId } from '#server/platform/claim-owner';
import { main, type CliIo } from '#server/cli';
import { tempFolder } from '#tests/support/database';
import { UNVERIFIED_COPY } from './command-line';
import { markRunning } from './server-marker';

async function cli(argv: string[], env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    askHidden: () => Promise.reject(new Error('unexpected prompt')),
  };
  const code = await main(argv, env, io);
  return { code, out, err };
}

async function siteWith(names: string[]) {
  const folder = tempFolder('backup-cli-');
  const file = path.join(folder, 'app.db');
  const db = await openDatabase({ file });
  await writeTransaction(db, (tx) =>
    tx.insert(tags).values(names.map((name) => ({ name, createdAt: new Date() }))),
  );
  await closeDatabase(db);
  const backups = path.join(folder, 'backups');
  return {
    folder,
    file,
    backups,
    env: { DATABASE_PATH: file, DATABASE_URL: '', BACKUP_DIR: backups },
  };
}

function tagNames(file: string): string[] {
  const connection = new Database(file, { readonly: true });
  try {
    return connection.prepare('select name from tags order by name').pluck().all() as string[];
  } finally {
    connection.close();
  }
}

it('takes a verified backup, lists it, and restores it by key, refusing while a server runs', async () => {
  const site = await siteWith(['one', 'two']);
  const taken = await cli(['backup'], site.env);
  expect(taken).toMatchObject({ code: 0, err: [] });
  expect(taken.out).toEqual([
    expect.stringMatching(
      new RegExp(
        `^backup (backup-[0-9TZ-]+\\.db\\.gz) \\(\\d+ bytes\\) put and checked in ${site.backups}$`,
      ),
    ),
  ]);
  const key = /^backup (\S+)/.exec(taken.out[0] ?? '')?.[1] ?? '';

  const listed = await cli(['backups'], site.env);
  expect(listed).toMatchObject({ code: 0, err: [] });
  expect(listed.out).toEqual([
    expect.stringMatching(
      new RegExp(`^\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z\\t${site.backups}\\t\\d+\\t${key}$`),
    ),
  ]);

  // Later writes, then a server marks the file as served.
  const db = await openDatabase({ file: site.file });
  await writeTransaction(db, (tx) =>
    tx.insert(tags).values({ name: 'later', createdAt: new Date() }),
  );
  await closeDatabase(db);
  const id = newSenderId();
  markLive(id);
  const unmark = markRunning(site.file, id);
  const refused = await cli(['restore', key], site.env);
  expect(refused).toEqual({
    code: 1,
    out: [],
    err: [`a server is running on "${site.file}" (${id}, see ${site.file}.server): stop it first`],
  });
  expect(tagNames(site.file)).toEqual(['later', 'one', 'two']);
  unmark();
  markStopped(id);

  const restored = await cli(['restore', key], site.env);
  expect(restored).toMatchObject({ code: 0, err: [] });
  expect(restored.out[0]).toMatch(
    new RegExp(
      `^restored ${site.backups}/${key} \\(schema \\d{4}_\\w+, \\d+ tables, \\d+ rows; hash, integrity and rows checked against its authenticated manifest\\) to "${site.file}"$`,
    ),
  );
  expect(restored.out[1]).toMatch(
    /^the replaced database is kept as ".*app\.db\.replaced-[0-9T-]+Z"$/,
  );
  expect(tagNames(site.file)).toEqual(['one', 'two']);
  const replaced = /"(.*)"$/.exec(restored.out[1] ?? '')?.[1] ?? '';
  expect(tagNames(replaced)).toEqual(['later', 'one', 'two']);
});

it('restores a file made by `backup <file>` only with --unverified, and refuses a damaged backup without changing anything', async () => {
  const site = await siteWith(['kept']);
  const copy = path.join(site.folder, 'copy.db');
  expect(await cli(['backup', copy], site.env)).toEqual({
    code: 0,
    out: [
      expect.stringMatching(/^database copied to ".*copy\.db" \(\d+ pages\)$/),
      UNVERIFIED_COPY,
    ],
    err: [],
  });
  const refused = await cli(['restore', copy], site.env);
  expect(refused).toEqual({
    code: 1,
    out: [],
    err: [
      `the backup "${copy}" is refused: it has no manifest this site authenticated (a copy made by hand with \`backup <file>\`, or a backup from before manifests were authenticated); nothing was changed. A copy you made yourself restores with \`restore ${copy} --unverified\` (its integrity checked, nothing else)`,
    ],
  });
  const restored = await cli(['restore', copy, '--unverified'], site.env);
  expect(restored).toMatchObject({ code: 0, err: [] });
  expect(restored.out[0]).toMatch(
    /; UNVERIFIED: integrity checked only, as --unverified asked\) to /,
  );
  expect(tagNames(site.file)).toEqual(['kept']);

  // A compressed backup whose bytes no longer match its manifest.
  const key = /^backup (\S+)/.exec((await cli(['backup'], site.env)).out[0] ?? '')?.[1] ?? '';
  const gz = path.join(site.backups, key);
  const bytes = readFileSync(gz);
  bytes[bytes.length - 10] = (bytes[bytes.length - 10] ?? 0) ^ 0xff;
  writeFileSync(gz, bytes);
  const before = readdirSync(path.dirname(site.file)).sort();
  const damaged = await cli(['restore', gz], site.env);
  expect(damaged.code).toBe(1);
  expect(damaged.err).toEqual([
    expect.stringMatching(
      /^the backup ".*" is not sound: SHA-256 [0-9a-f]{12}… differs from the manifest's; nothing was changed$/,
    ),
  ]);
  expect(readdirSync(path.dirname(site.file)).sort()).toEqual(before);
});

it('says what is missing: no place configured, an unknown key, a libSQL server', async () => {
  const site = await siteWith(['x']);
  const bare = { DATABASE_PATH: site.file, DATABASE_URL: '' };
  expect(await cli(['backup'], bare)).toEqual({
    code: 1,
    out: [],
    err: [
      'no backup place is configured: set BACKUP_DIR or BACKUP_S3_URL (docs/operations.md, "Backups")',
    ],
  });
  expect(await cli(['restore', 'backup-2020-01-01T00-00-00-000Z.db.gz'], site.env)).toEqual({
    code: 1,
    out: [],
    err: [`no backup "backup-2020-01-01T00-00-00-000Z.db.gz" in ${site.backups}`],
  });
  expect(await cli(['backups'], { ...site.env, BACKUP_KEEP: '0' })).toEqual({
    code: 1,
    out: [],
    err: ['BACKUP_KEEP must be a number above 0 and at most 10000, got "0"'],
  });
  const libsql = { DATABASE_URL: 'http://127.0.0.1:9', BACKUP_DIR: site.backups };
  for (const argv of [['backup'], ['backups'], ['restore', 'x.db']]) {
    expect(await cli(argv, libsql)).toEqual({ code: 1, out: [], err: [LIBSQL_BACKUP_MESSAGE] });
  }
});

it('keeps the writes of a killed server that were only in its -wal in the replaced file', async () => {
  const site = await siteWith(['before']);
  const copy = path.join(site.folder, 'copy.db');
  expect(await cli(['backup', copy], site.env)).toMatchObject({ code: 0 });
  // A server killed with -9 after a commit: the row is in app.db-wal only.
  const killed = spawnSync(
    process.execPath,
    [
      '-e',
      `const D = require('better-sqlite3'); const d = new D(process.argv[1]);
       d.pragma('journal_mode = WAL'); d.pragma('wal_autocheckpoint = 0');
       d.prepare("insert into tags (name, created_at) values ('in-wal', 1)").run();
       process.kill(process.pid, 'SIGKILL');`,
      site.file,
    ],
    { cwd: process.cwd() },
  );
  expect(killed.signal).toBe('SIGKILL');
  expect(existsSync(`${site.file}-wal`)).toBe(true);
  const restored = await cli(['restore', copy, '--unverified'], site.env);
  expect(restored).toMatchObject({ code: 0, err: [] });
  const replaced = /"(.*)"$/.exec(restored.out[1] ?? '')?.[1] ?? '';
  expect(existsSync(`${site.file}-wal`) || existsSync(`${site.file}-shm`)).toBe(false);
  expect(existsSync(`${replaced}-wal`)).toBe(false);
  expect(tagNames(replaced)).toEqual(['before', 'in-wal']);
  expect(tagNames(site.file)).toEqual(['before']);
});
