import { randomBytes } from 'node:crypto';
import { BENCH_SITE } from './targets';

/**
 * The real server's environment in the bench: production mode on a fresh database, behind a
 * pretend proxy (TRUST_PROXY=1), so that posts can come from many addresses (addresses.ts).
 */
export function benchEnv(
  databasePath: string,
  options: { clientDir?: string; databaseUrl?: string } = {},
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_PATH: databasePath,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    // The analytics record only events of this site's pages (scripts/bench/targets.ts).
    SITE_URL: BENCH_SITE,
  };
  env.TRUST_PROXY = '1';
  delete env.DATABASE_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  delete env.SMTP_URL;
  delete env.CONTACT_NOTIFY_TO;
  if (options.clientDir) env.CLIENT_DIR = options.clientDir;
  return env;
}
