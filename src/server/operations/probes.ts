/**
 * The probes of load balancers and orchestrators (docs/operations.md, "Probes"). /livez says
 * the process runs and touches nothing else: restarting it is the only cure for a no there.
 * /readyz says whether this instance should get traffic: the database answers within a
 * second, this build's migrations are applied, and the mail sender runs (when mail can be
 * delivered at all: without SMTP_URL in production the sender is deliberately not started,
 * and taking the instance out of rotation would not fix that). From the first moment of a
 * shutdown it answers 503, so traffic moves away while requests in flight finish.
 */
import { Hono } from 'hono';
import { migrationsApplied } from '#db/migration-state';
import type { AppDeps } from '#server/http/trpc';
import type { AppEnv } from '#server/http/hono-env';
import { hasRunningSender } from '#server/mail/outbox/mail-loop';

export type ReadinessCheck = 'database' | 'migrations' | 'mail';

/** How long /readyz waits for the database before calling it failing. */
export const DATABASE_ANSWER_MS = 1_000;
/** The Retry-After of a 503 from /readyz. */
const RETRY_AFTER_SECONDS = 5;

export interface Probes {
  routes: Hono<AppEnv>;
  /** A shutdown began: /readyz answers 503 from now on. */
  markStopping(): void;
}

/** 'applied', 'pending' (a migration) or 'failed' (an error, or no answer in time). */
async function databaseState(deps: AppDeps): Promise<'applied' | 'pending' | 'failed'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'failed'>((resolve) => {
    timer = setTimeout(() => resolve('failed'), DATABASE_ANSWER_MS);
  });
  const read = migrationsApplied(deps.db).then(
    (applied) => (applied ? ('applied' as const) : ('pending' as const)),
    () => 'failed' as const,
  );
  try {
    return await Promise.race([read, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A shutdown has begun: the contract's one 503 shape (`unready`), with no check failing and
 * `stopping` added, so a balancer that reads only `status` takes the instance out the same way.
 */
const NONE_FAILING: ReadinessCheck[] = [];
const STOPPING = { status: 'unready', failing: NONE_FAILING, stopping: true } as const;

export function createProbes(deps: AppDeps): Probes {
  let stopping = false;
  const routes = new Hono<AppEnv>();

  routes.get('/livez', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'ok' });
  });

  routes.get('/readyz', async (c) => {
    c.header('Cache-Control', 'no-store');
    if (stopping) {
      c.header('Retry-After', String(RETRY_AFTER_SECONDS));
      return c.json(STOPPING, 503);
    }
    const failing: ReadinessCheck[] = [];
    const database = await databaseState(deps);
    if (database === 'failed') failing.push('database');
    if (database === 'pending') failing.push('migrations');
    if (deps.mailer.canDeliver && !hasRunningSender(deps.db)) failing.push('mail');
    // A shutdown that began while the database was read still answers 503.
    if (failing.length === 0 && !stopping) return c.json({ status: 'ready' });
    c.header('Retry-After', String(RETRY_AFTER_SECONDS));
    return stopping ? c.json(STOPPING, 503) : c.json({ status: 'unready', failing }, 503);
  });

  return {
    routes,
    markStopping() {
      stopping = true;
    },
  };
}
