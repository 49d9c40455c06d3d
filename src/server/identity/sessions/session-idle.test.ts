/**
 * The idle limit (30 minutes without use, sliding) beside the 12 h cap, and the last-seen
 * write behind it: at most once a minute, never awaited by the request that triggers it.
 */
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import { sessions } from '#db/schema';
import { callerFor, createTestDeps, signedInCookie, type TestDeps } from '#tests/support/app';
import { failure } from '#tests/support/trpc-errors';
import { BACKGROUND_HEADER } from './session';
import { insertUser } from '#tests/support/users';
import { pruneExpired } from '#server/maintenance/prune';
import { createApp } from '#server/app/app';
import { AGENTS, storedEvents } from '#tests/support/analytics';
import { contactBody } from '#tests/support/contact';
import { waitUntil } from '#tests/support/wait';

const MINUTE = 60_000;

let deps: TestDeps;
let cookie: string;

beforeEach(async () => {
  deps = await createTestDeps();
  await insertUser(deps, 'alice');
  cookie = await signedInCookie(deps, 'alice');
});

const use = () => callerFor(deps, { cookie }).caller.account.get();

async function lastSeen(): Promise<number | undefined> {
  return (await deps.db.select({ at: sessions.lastSeenAt }).from(sessions).get())?.at.getTime();
}

/** Waits for the last-seen write a request started (the request does not wait for it). */
async function seenAt(time: Date) {
  await waitUntil(async () => expect(await lastSeen()).toBe(time.getTime()));
}

/** A table counting the rows the last-seen UPDATE really changed (a trigger fills it). */
async function countSeenWrites() {
  await writeTransaction(deps.db, async (tx) => {
    await tx.run(sql`create table seen_writes (id integer primary key)`);
    await tx.run(sql`create trigger seen_writes_count after update of last_seen_at on sessions
      begin insert into seen_writes (id) values (null); end`);
  });
  return async () =>
    Number((await deps.db.get<{ n: number }>(sql`select count(*) as n from seen_writes`)).n);
}

describe('the idle limit', () => {
  it('keeps a session 29 minutes idle, and ends it after 31', async () => {
    deps.clock.advance(29 * MINUTE);
    expect((await use()).success).toBe(true);
    await seenAt(deps.clock.now());
    deps.clock.advance(31 * MINUTE);
    expect((await failure(use())).code).toBe('UNAUTHORIZED');
  });

  it('never refuses a request within 30 minutes of the one before, though its use was not written', async () => {
    const signedInAt = deps.clock.now().getTime();
    // 59 s after the sign-in: too soon to write the last-seen time again.
    deps.clock.advance(59_000);
    expect((await use()).success).toBe(true);
    expect(await lastSeen()).toBe(signedInAt);
    // 30 minutes after that request (31 minus a millisecond after the stored time).
    deps.clock.advance(30 * MINUTE - 1);
    expect((await use()).success).toBe(true);
  });

  it('ends a session 31 minutes (the limit and one write step) after its last-seen time', async () => {
    deps.clock.advance(31 * MINUTE - 1);
    const other = await signedInCookie(deps, 'alice');
    expect((await use()).success).toBe(true);
    await seenAt(deps.clock.now());
    deps.clock.advance(31 * MINUTE);
    expect((await failure(callerFor(deps, { cookie: other }).caller.account.get())).code).toBe(
      'UNAUTHORIZED',
    );
    expect((await failure(use())).code).toBe('UNAUTHORIZED');
  });

  it('is not slid by background polls, which are refused once it has passed', async () => {
    const poll = () =>
      callerFor(deps, { cookie, headers: { [BACKGROUND_HEADER]: '1' } }).caller.account.get();
    const writes = await countSeenWrites();
    deps.clock.advance(20 * MINUTE);
    expect((await poll()).success).toBe(true);
    deps.clock.advance(10 * MINUTE);
    expect((await poll()).success).toBe(true);
    deps.clock.advance(MINUTE);
    expect((await failure(poll())).code).toBe('UNAUTHORIZED');
    expect(await writes()).toBe(0);
  });

  it('slides: a use at minute 29 gives another 30 minutes from then', async () => {
    deps.clock.advance(29 * MINUTE);
    await use();
    await seenAt(deps.clock.now());
    deps.clock.advance(29 * MINUTE);
    expect((await use()).success).toBe(true);
    await seenAt(deps.clock.now());
    deps.clock.advance(29 * MINUTE);
    expect((await use()).success).toBe(true);
  });

  it('still ends an active session at the 12 h cap', async () => {
    for (let minute = 20; minute < 12 * 60; minute += 20) {
      deps.clock.advance(20 * MINUTE);
      expect((await use()).success).toBe(true);
      await seenAt(deps.clock.now());
    }
    deps.clock.advance(20 * MINUTE);
    expect((await failure(use())).code).toBe('UNAUTHORIZED');
  });

  it('lets the housekeeping delete a session that ended idle, keeping a used one', async () => {
    const idle = await signedInCookie(deps, 'alice');
    deps.clock.advance(20 * MINUTE);
    await use();
    await seenAt(deps.clock.now());
    deps.clock.advance(20 * MINUTE);
    await pruneExpired(deps.db, deps.clock.now(), deps.config);
    const left = await deps.db.select({ id: sessions.id }).from(sessions).all();
    expect(left).toHaveLength(1);
    expect((await failure(callerFor(deps, { cookie: idle }).caller.account.get())).code).toBe(
      'UNAUTHORIZED',
    );
    expect((await use()).success).toBe(true);
  });

  it('leaves idle sessions out of the Account list', async () => {
    const other = await signedInCookie(deps, 'alice');
    deps.clock.advance(20 * MINUTE);
    await use();
    await seenAt(deps.clock.now());
    deps.clock.advance(20 * MINUTE);
    const { sessions: listed } = await callerFor(deps, { cookie }).caller.account.sessions();
    expect(listed).toHaveLength(1);
    expect((await failure(callerFor(deps, { cookie: other }).caller.account.get())).code).toBe(
      'UNAUTHORIZED',
    );
  });
});

describe('the last-seen write', () => {
  it('happens once for requests within a minute, alone or together', async () => {
    const writes = await countSeenWrites();
    deps.clock.advance(2 * MINUTE);
    const first = deps.clock.now();
    await Promise.all([use(), use(), use()]);
    await seenAt(first);
    deps.clock.advance(30_000);
    await use();
    deps.clock.advance(40_000);
    // 70 s after the first write: this one writes, and any write the request 30 s before
    // had started would have landed before it (one write queue).
    await use();
    await seenAt(deps.clock.now());
    expect(await writes()).toBe(2);
  });

  it('never holds a read up while the database is busy writing', async () => {
    let release = () => {};
    const held = writeTransaction(deps.db, () => new Promise<void>((r) => (release = r)));
    deps.clock.advance(5 * MINUTE);
    const at = deps.clock.now();
    // Answers while the only write slot is taken (a request that waited would never end).
    expect((await use()).success).toBe(true);
    expect(await lastSeen()).not.toBe(at.getTime());
    release();
    await held;
    await seenAt(at);
  });

  it('is logged, not answered, when it fails', async () => {
    await writeTransaction(deps.db, (tx) =>
      tx.run(sql`create trigger seen_refused before update of last_seen_at on sessions
        begin select raise(abort, 'refused for the test'); end`),
    );
    deps.clock.advance(5 * MINUTE);
    expect((await use()).success).toBe(true);
    await waitUntil(() =>
      expect(deps.logger.lines.some((line) => line.includes('"auth.last_seen_failed"'))).toBe(true),
    );
    expect((await use()).success).toBe(true);
  });
});

describe('a public request', () => {
  it("reads an administrator's session without sliding it; only an admin path slides it", async () => {
    const app = createApp(deps);
    const writes = await countSeenWrites();
    const signedInAt = await lastSeen();
    const post = (path: string, body: unknown) =>
      app.request(path, {
        method: 'POST',
        headers: {
          cookie,
          'content-type': 'application/json',
          'user-agent': AGENTS.chromeWindows,
        },
        body: JSON.stringify(body),
      });
    deps.clock.advance(2 * MINUTE);
    expect((await post('/api/event', { name: 'pageview', url: 'http://localhost/' })).status).toBe(
      202,
    );
    expect((await post('/api/contact', contactBody('owner', 1))).status).toBe(201);
    expect((await post('/api/subscribe', { email: 'owner@example.com' })).status).toBe(201);
    // Each looked at the session (the owner's own visits are not recorded) and left it alone.
    expect(await storedEvents(deps.db)).toEqual([]);
    expect(await lastSeen()).toBe(signedInAt);
    deps.clock.advance(MINUTE);
    await use();
    await seenAt(deps.clock.now());
    expect(await writes()).toBe(1);
  });
});
