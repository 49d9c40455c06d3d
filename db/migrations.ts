import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's migrations/ folder, one level up from this file; also from the production
 * bundle, dist/server.js and dist/cli.js, which sit one level below the root too
 * (scripts/bundle-server.ts checks that the folder is there).
 */
export const MIGRATIONS_FOLDER = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../migrations',
);

/**
 * drizzle's migrators read which migrations are applied before their transaction starts, so
 * when two instances start together the second may try a migration the first just applied
 * and fail. Its transaction rolls back whole; trying again finds everything applied.
 */
export async function migrateSafely(migrate: () => unknown): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await migrate();
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt * (0.5 + Math.random())));
    }
  }
}
