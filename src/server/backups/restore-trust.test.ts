/**
 * A backup restores only with a manifest this site authenticated (docs/operations.md,
 * "Restoring"): through the CLI's own entry point, on real files and a BACKUP_DIR folder.
 */
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import { closeDatabase, openDatabase, writeTransaction } from '#db';
import { factsOf, gzipFile, sha256Of } from '#db/backup-file';
import { tags } from '#db/schema';
import { main, type CliIo } from '#server/cli';
import { tempFolder } from '#tests/support/database';
import { signedManifest } from './manifest';

const SECRET = 'the-site-session-secret-the-site-session-secret';
const OTHER_SECRET = 'someone-elses-session-secret-someone-elses-secret';

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

async function databaseWith(file: string, names: string[]): Promise<void> {
  const db = await openDatabase({ file });
  await writeTransaction(db, (tx) =>
    tx.insert(tags).values(names.map((name) => ({ name, createdAt: new Date() }))),
  );
  await closeDatabase(db);
}

function tagNames(file: string): string[] {
  const connection = new Database(file, { readonly: true });
  try {
    return connection.prepare('select name from tags order by name').pluck().all() as string[];
  } finally {
    connection.close();
  }
}

/** A backup of another database, put in the folder with a manifest signed by `secret`. */
async function planted(folder: string, backups: string, key: string, secret: string) {
  const file = path.join(folder, 'planted.db');
  await databaseWith(file, ['planted']);
  await gzipFile(file, path.join(backups, key));
  const facts = factsOf(file);
  const manifest = signedManifest(
    {
      format: 2,
      key,
      createdAt: new Date().toISOString(),
      schemaVersion: facts.schemaVersion,
      tables: facts.tables,
      sha256: await sha256Of(path.join(backups, key)),
      size: readFileSync(path.join(backups, key)).length,
    },
    secret,
  );
  writeFileSync(path.join(backups, `${key}.json`), JSON.stringify(manifest));
}

const REFUSED = (key: string, why: string) =>
  `the backup "${key}" is refused: ${why}; nothing was changed. A copy you made yourself restores with \`restore ${key} --unverified\` (its integrity checked, nothing else)`;

it('refuses a backup planted with a manifest of its own, one whose manifest was changed or is gone, changing nothing; --unverified takes one on its integrity alone', async () => {
  const folder = tempFolder('restore-trust-');
  const file = path.join(folder, 'app.db');
  const backups = path.join(folder, 'backups');
  const env = {
    DATABASE_PATH: file,
    DATABASE_URL: '',
    BACKUP_DIR: backups,
    SESSION_SECRET: SECRET,
  };
  await databaseWith(file, ['real']);
  const taken = await cli(['backup'], env);
  const real = path.join(backups, /^backup (\S+)/.exec(taken.out[0] ?? '')?.[1] ?? '');
  // The site's backup under other names: one with its manifest changed, one without it.
  const changed = 'backup-2031-01-01T00-00-00-000Z.db.gz';
  const gone = 'backup-2032-01-01T00-00-00-000Z.db.gz';
  copyFileSync(real, path.join(backups, changed));
  copyFileSync(real, path.join(backups, gone));
  const manifest = JSON.parse(readFileSync(`${real}.json`, 'utf8')) as { tables: object };
  const edited = { ...manifest, key: changed, tables: { ...manifest.tables, tags: 7 } };
  writeFileSync(path.join(backups, `${changed}.json`), JSON.stringify(edited));
  const plantedKey = 'backup-2030-01-01T00-00-00-000Z.db.gz';
  await planted(folder, backups, plantedKey, OTHER_SECRET);
  const before = readdirSync(folder).sort();

  const NOT_VERIFIED =
    'its manifest does not verify (made with another SESSION_SECRET, changed, or not made by this site)';
  for (const [key, why] of [
    [plantedKey, NOT_VERIFIED],
    [changed, NOT_VERIFIED],
    [
      gone,
      'it has no manifest this site authenticated (a copy made by hand with `backup <file>`, or a backup from before manifests were authenticated)',
    ],
  ] as const) {
    expect(await cli(['restore', key], env)).toEqual({
      code: 1,
      out: [],
      err: [REFUSED(key, why)],
    });
  }
  expect(readdirSync(folder).sort()).toEqual(before);
  expect(tagNames(file)).toEqual(['real']);

  const waived = await cli(['restore', plantedKey, '--unverified'], env);
  expect(waived).toMatchObject({ code: 0, err: [] });
  expect(waived.out[0]).toMatch(
    /; UNVERIFIED: integrity checked only, as --unverified asked\) to /,
  );
  expect(tagNames(file)).toEqual(['planted']);
});

it('restores on another machine with the site’s SESSION_SECRET, and refuses without one, creating nothing', async () => {
  const site = tempFolder('restore-site-');
  const backups = path.join(site, 'backups');
  const siteEnv = { DATABASE_PATH: path.join(site, 'app.db'), DATABASE_URL: '' };
  await databaseWith(siteEnv.DATABASE_PATH, ['from the site']);
  // No SESSION_SECRET: the site's is the one kept beside its database.
  const taken = await cli(['backup'], { ...siteEnv, BACKUP_DIR: backups });
  const key = /^backup (\S+)/.exec(taken.out[0] ?? '')?.[1] ?? '';
  const secret = readFileSync(path.join(site, 'session-secret'), 'utf8').trim();

  const machine = tempFolder('restore-machine-');
  const env = {
    DATABASE_PATH: path.join(machine, 'app.db'),
    DATABASE_URL: '',
    BACKUP_DIR: backups,
  };
  expect(await cli(['restore', key], env)).toEqual({
    code: 1,
    out: [],
    err: [
      REFUSED(
        key,
        'its manifest cannot be checked: SESSION_SECRET is not set, and no session-secret file is beside DATABASE_PATH',
      ),
    ],
  });
  expect(readdirSync(machine)).toEqual([]);
  const restored = await cli(['restore', key], { ...env, SESSION_SECRET: secret });
  expect(restored).toMatchObject({ code: 0, err: [] });
  expect(tagNames(env.DATABASE_PATH)).toEqual(['from the site']);
});
