/**
 * `npm run admin -- <command>` (docs/operations.md): dist/cli.js with NODE_ENV=production or
 * after `npm prune --omit=dev`, src/server/cli.ts under tsx otherwise (scripts/launch.mjs).
 */
import { launch } from './launch.mjs';

const cli = await launch('dist/cli.js', 'src/server/cli.ts');
await cli.runFromTerminal();
