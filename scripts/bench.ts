/**
 * `npm run bench`: figures for the hot paths against bare Node, and start-up times (the work
 * lives in scripts/bench/). `--load` and `--logins` run the sustained-load modes of
 * scripts/load.ts instead. See docs/performance.md.
 */
import { startServer } from '../tests/e2e/support/server';
import { main } from './bench/run';
import { loginLoad, mixedLoad } from './load';

const args = process.argv.slice(2);
const loadMode = args.includes('--load');
const loginMode = args.includes('--logins');

if (loadMode || loginMode) {
  // Production mode, fresh database; throttles on (see scripts/load.ts for the addresses).
  const server = await startServer({ env: { TRUST_PROXY: '1', NODE_ENV: 'production' } });
  let ok = true;
  try {
    if (loadMode) ok = (await mixedLoad(server)) && ok;
    if (loginMode) ok = (await loginLoad(server)) && ok;
  } finally {
    await server.stop();
  }
  process.exit(ok ? 0 : 1);
}

await main(args);
