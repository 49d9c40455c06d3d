/**
 * `npm run db:migrate` (docs/operations.md, "Upgrading"): dist/db-migrate.js with
 * NODE_ENV=production or after `npm prune --omit=dev`, scripts/db-migrate.ts under tsx
 * otherwise (scripts/launch.mjs). Importing either runs it.
 */
import { launch } from './launch.mjs';

await launch('dist/db-migrate.js', 'scripts/db-migrate.ts');
