/**
 * The admin command line run in-process on a test database (src/server/cli.test.ts,
 * cli-database.test.ts): its answers, what it printed and asked, and its database opened after
 * it. `target` and `env` are live bindings, set by `freshCliTarget`.
 */
import path from 'node:path';
import { closeDatabase, openDatabase, type DatabaseTarget, type Db } from '#db';
import { users } from '#db/schema';
import { main, type CliIo } from '#server/cli';
import { databaseEnv, freshDatabaseTarget } from './database';

export let target: DatabaseTarget;
export let env: Record<string, string>;

/** A new database in this run's mode, not created yet: each test's `beforeEach`. */
export async function freshCliTarget(): Promise<void> {
  const fresh = await freshDatabaseTarget();
  // A file in a folder that does not exist yet: the CLI creates it, as on a first install.
  target =
    'file' in fresh ? { file: path.join(path.dirname(fresh.file), 'data', 'app.db') } : fresh;
  env = databaseEnv(target);
}

/** Runs the CLI in-process; `answers` are typed at the hidden prompts in order. */
export async function cli(
  argv: string[],
  extraEnv: Record<string, string> = {},
  answers: string[] = [],
) {
  const out: string[] = [];
  const err: string[] = [];
  const prompts: string[] = [];
  const io: CliIo = {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    askHidden: async (question) => {
      prompts.push(question);
      const answer = answers.shift();
      if (answer === undefined) throw new Error('unexpected prompt');
      return answer;
    },
  };
  const code = await main(argv, { ...env, ...extraEnv }, io);
  return { code, out, err, prompts };
}

/** Runs fn on the CLI's database, opened for it and closed after, as the CLI does. */
export async function inDatabase<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const db = await openDatabase(target);
  try {
    return await fn(db);
  } finally {
    await closeDatabase(db);
  }
}

export const storedUsers = () => inDatabase(async (db) => db.select().from(users).all());
