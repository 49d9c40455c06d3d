import { randomBytes } from 'node:crypto';

/**
 * The real server's environment in the bench: production mode on a fresh database. Without
 * `throttles` the contact and subscribe throttles are lifted with the bench-only pair of
 * variables (README, "Speed"), so POST /api/contact measures storing, not 429s.
 */
export function benchEnv(
  databasePath: string,
  options: { throttles: boolean; clientDir?: string; databaseUrl?: string },
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_PATH: databasePath,
    SESSION_SECRET: randomBytes(32).toString('hex'),
  };
  delete env.TRUST_PROXY;
  delete env.DATABASE_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  delete env.SMTP_URL;
  delete env.CONTACT_NOTIFY_TO;
  if (options.clientDir) env.CLIENT_DIR = options.clientDir;
  if (!options.throttles) {
    env.BENCH_NO_THROTTLE = '1';
    env.BENCH_NO_THROTTLE_IN_PRODUCTION = '1';
  }
  return env;
}
