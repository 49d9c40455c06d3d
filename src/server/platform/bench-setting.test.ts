import { count } from 'drizzle-orm';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { throttleEvents } from '../../../db/schema';
import { callerFor, createTestDeps, testConfig } from '../../../tests/support/app';
import { tempFolder } from '../../../tests/support/database';
import { ConfigError, loadConfig } from './config';

const base = { DATABASE_PATH: path.join(tempFolder(), 'app.db'), SESSION_SECRET: 'x'.repeat(40) };

describe('BENCH_NO_THROTTLE (benchmarks only)', () => {
  it('is off unless set, and only 1 turns it on', () => {
    expect(loadConfig(base).benchNoThrottle).toBe(false);
    expect(loadConfig({ ...base, BENCH_NO_THROTTLE: '0' }).benchNoThrottle).toBe(false);
    expect(loadConfig({ ...base, BENCH_NO_THROTTLE: '1' }).benchNoThrottle).toBe(true);
    expect(() => loadConfig({ ...base, BENCH_NO_THROTTLE: 'yes' })).toThrow(ConfigError);
  });

  it('is refused in production unless BENCH_NO_THROTTLE_IN_PRODUCTION=1 says so too', () => {
    const production = { ...base, NODE_ENV: 'production', BENCH_NO_THROTTLE: '1' };
    expect(() => loadConfig(production)).toThrow(
      /BENCH_NO_THROTTLE .*refused with NODE_ENV=production/,
    );
    expect(() => loadConfig({ ...production, BENCH_NO_THROTTLE_IN_PRODUCTION: 'true' })).toThrow(
      ConfigError,
    );
    expect(
      loadConfig({ ...production, BENCH_NO_THROTTLE_IN_PRODUCTION: '1' }).benchNoThrottle,
    ).toBe(true);
    // The confirmation alone turns nothing on.
    expect(
      loadConfig({ ...base, NODE_ENV: 'production', BENCH_NO_THROTTLE_IN_PRODUCTION: '1' })
        .benchNoThrottle,
    ).toBe(false);
  });

  it('when on, contact messages and subscriptions from one address are neither counted nor refused', async () => {
    const deps = await createTestDeps({ config: testConfig({ benchNoThrottle: true }) });
    const { caller } = callerFor(deps, { ip: '203.0.113.9' });
    for (let i = 0; i < 8; i++) {
      await caller.contact.send({
        name: 'Bench Visitor',
        email: 'bench@example.com',
        subject: 'other',
        message: 'A benchmark message of reasonable length.',
        privacy: true,
      });
      await caller.newsletter.subscribe({ email: `bench${i}@example.com` });
    }
    const counted = await deps.db.select({ n: count() }).from(throttleEvents).get();
    expect(counted?.n).toBe(0);
  });
});
