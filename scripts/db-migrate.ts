/**
 * `npm run db:migrate`: applies pending migrations to the database named by DATABASE_URL or
 * DATABASE_PATH (and `.env`) without starting the server, one line for each applied. The
 * server applies them at start as well; this is for upgrades that should migrate first
 * (docs/operations.md, "Upgrading"). In production it runs from the bundle, dist/db-migrate.js
 * (scripts/db-migrate.mjs), as the start and the command line do.
 */
import { closeDatabase, describeDatabase, openDatabase } from '../db';
import { appliedAtOpen } from '../db/migration-state';
import { ConfigError, databaseTarget } from '../src/server/platform/config';
import { withEnvFile } from '../src/server/platform/env-file';

try {
  const target = databaseTarget(withEnvFile(process.env));
  const db = await openDatabase(target);
  const applied = appliedAtOpen(db);
  await closeDatabase(db);
  for (const migration of applied) process.stdout.write(`migration ${migration} applied\n`);
  process.stdout.write(`${describeDatabase(target)}: migrations applied\n`);
} catch (error) {
  const reason = error instanceof ConfigError ? error.message : String(error);
  process.stderr.write(`db:migrate failed: ${reason}\n`);
  process.exitCode = 1;
}
