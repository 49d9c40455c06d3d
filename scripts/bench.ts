/**
 * `npm run bench`: the one entry of every bench (docs/performance.md). `--list` names them,
 * `--only=<name>[,<name>]` runs those, no --only runs them all; the work lives in scripts/bench/.
 * package.json starts it with --expose-gc, which the leads and newsletter figures need for a
 * steady memory baseline.
 */
import { benchList, BenchUsageError, parseBenchArgs, type BenchName } from './bench/select';
import type { ServerBenchOptions } from './bench/run';

async function sustained(mode: 'load' | 'logins'): Promise<boolean> {
  const { startServer } = await import('../tests/e2e/support/server');
  const { loginLoad, mixedLoad } = await import('./load');
  // Production mode, fresh database; throttles on (see scripts/load.ts for the addresses).
  const server = await startServer({ env: { TRUST_PROXY: '1', NODE_ENV: 'production' } });
  try {
    return mode === 'load' ? await mixedLoad(server) : await loginLoad(server);
  } finally {
    await server.stop();
  }
}

/** Each bench; false when a sustained-load goal was missed (exit code 1). */
const RUN: Record<BenchName, (server: ServerBenchOptions) => Promise<boolean>> = {
  startup: async () => (await (await import('./bench/run')).startupBench(), true),
  start: async () => (await (await import('./bench/production-start')).main(), true),
  server: async (options) => (await (await import('./bench/run')).serverBench(options), true),
  load: () => sustained('load'),
  logins: () => sustained('logins'),
  leads: async () => (await (await import('./bench/leads')).main(), true),
  newsletter: async () => (await (await import('./bench/newsletter')).main(), true),
  outbox: async () => (await (await import('./bench/outbox')).main(), true),
  feed: async () => (await (await import('./bench/feed')).main(), true),
  search: async () => (await (await import('./bench/search')).main(), true),
  invoice: async () => (await (await import('./bench/invoice')).main(), true),
  upload: async () => (await (await import('./bench/upload')).main(), true),
};

let args;
try {
  args = parseBenchArgs(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof BenchUsageError)) throw error;
  process.stderr.write(`npm run bench: ${error.message}\n`);
  process.exit(2);
}
if (args.list) {
  process.stdout.write(`${benchList()}\n`);
  process.exit(0);
}
if (
  !(globalThis as { gc?: () => void }).gc &&
  args.only.some((n) => n === 'leads' || n === 'newsletter' || n === 'outbox')
) {
  process.stderr.write(
    'npm run bench: started without --expose-gc; memory figures are less steady\n',
  );
}
let ok = true;
for (const name of args.only) {
  if (args.only.length > 1) process.stdout.write(`\n== ${name} ==\n`);
  ok = (await RUN[name](args.server)) && ok;
}
process.exit(ok ? 0 : 1);
