/**
 * A name typed at sign-in that matches nobody is often a password typed into the wrong
 * field: it is neither logged nor stored, yet its failures are still counted (by its keyed
 * hash), so the per-name throttle holds for it as for a real name.
 */
import { beforeEach, expect, it } from 'vitest';
import { throttleEvents } from '#db/schema';
import { ThrottledError } from '#server/platform/errors';
import { callerFor, createTestDeps, type TestDeps } from '#tests/support/app';
import { everyTableAsText } from '#tests/support/analytics';
import { failure } from '#tests/support/trpc-errors';
import { insertUser } from '#tests/support/users';

let deps: TestDeps;

beforeEach(async () => {
  deps = await createTestDeps();
  await insertUser(deps, 'alice');
});

/** What someone might type into the name field: their password. */
const TYPED = 'Tr0ub4dor&3-Secret';

const login = (username: string, ip: string) =>
  callerFor(deps, { ip }).caller.admin.login({ username, password: 'whatever was typed' });

it('logs "unknown name" and stores no trace of what was typed, in any table', async () => {
  const refused = await failure(login(TYPED, '203.0.113.7'));
  expect(refused.code).toBe('UNAUTHORIZED');

  const logged = deps.logger.lines.join('\n');
  expect(logged).toContain('"auth.login_failed"');
  expect(logged).toContain('unknown name');
  const stored = await everyTableAsText(deps.db);
  for (const trace of [TYPED, TYPED.toLowerCase(), TYPED.trim().slice(0, 8)]) {
    expect(logged).not.toContain(trace);
    expect(stored).not.toContain(trace);
  }
  // The failure is counted, under a key that does not show the name.
  const buckets = (await deps.db.select().from(throttleEvents).all()).map((e) => e.bucket);
  expect(buckets.filter((b) => b.startsWith('login-fail:name:'))).toHaveLength(1);
});

it('still refuses the sixth try of one unknown name in 15 minutes, from any address, in any case', async () => {
  for (let i = 0; i < 5; i++) {
    const name = i % 2 ? TYPED : TYPED.toUpperCase();
    expect((await failure(login(name, `198.51.100.${i + 1}`))).code).toBe('UNAUTHORIZED');
  }
  const sixth = await failure(login(TYPED, '192.0.2.99'));
  expect(sixth).toBeInstanceOf(ThrottledError);
  expect((sixth as ThrottledError).retryAfterSeconds).toBe(900);
  // Another name from that address is not refused: it was the name's bucket that was full.
  expect((await failure(login('someone-else', '192.0.2.99'))).code).toBe('UNAUTHORIZED');
  expect(deps.logger.lines.join('\n')).not.toContain(TYPED);
}, 60_000);

it("logs a known user's wrong password under the stored name", async () => {
  await failure(login('alice', '203.0.113.7'));
  const line = deps.logger.lines.find((l) => l.includes('"auth.login_failed"')) ?? '';
  expect(JSON.parse(line)).toMatchObject({ username: 'alice', reason: 'wrong password' });
});
