import { expect, it } from 'vitest';
import { sessions, throttleEvents } from '../../db/schema';
import { SESSION_TTL_MS } from './auth/session';
import { recordEvent } from './auth/throttle';
import { pruneExpired } from './maintenance';
import { callerFor, createTestDeps, signedInCookie } from '../../tests/support/app';

it('drops expired sessions and stale throttle events, keeps live ones', async () => {
  const deps = createTestDeps();
  const old = await signedInCookie(deps, 'old');
  recordEvent(deps.db, ['login-fail:ip:1'], deps.clock.now());
  deps.clock.advance(SESSION_TTL_MS - 60_000);
  const fresh = await signedInCookie(deps, 'fresh');
  recordEvent(deps.db, ['login-fail:ip:2'], deps.clock.now());
  deps.clock.advance(120_000);

  pruneExpired(deps.db, deps.clock.now());

  expect(deps.db.select().from(sessions).all()).toHaveLength(1);
  expect(
    deps.db
      .select()
      .from(throttleEvents)
      .all()
      .map((e) => e.bucket),
  ).toEqual(['login-fail:ip:2']);
  expect((await callerFor(deps, { cookie: fresh }).caller.admin.check()).username).toBe('fresh');
  expect((await callerFor(deps, { cookie: old }).caller.admin.check()).authenticated).toBe(false);
});
