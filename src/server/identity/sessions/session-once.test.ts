/**
 * The session is read at most once per HTTP request (docs/decisions/0021): every call of a
 * tRPC batch, and a REST handler, share one unseal of the cookie and one database lookup; a
 * sign-in or logout earlier in the same request is what later calls see.
 */
import { sealData } from 'iron-session';
import type * as IronSession from 'iron-session';
import { beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { sessions } from '#db/schema';
import { createApp } from '#server/app/app';
import { MAX_BATCH_SIZE } from '#server/http/trpc';
import {
  callerFor,
  createRecordingMailer,
  createTestDeps,
  signedInCookie,
  type RecordingMailer,
  type TestDeps,
} from '#tests/support/app';
import { rest } from '#tests/support/rest';
import { failure } from '#tests/support/trpc-errors';
import { cookiePayload, insertUser, PASSWORD, sessionCookieFrom } from '#tests/support/users';
import { SESSION_TTL_MS, sessionCookieName, sessionRowId } from './session';
import { unmockAfterFile } from '#tests/support/fresh-modules';

// Workers keep loaded modules between files (docs/decisions/0039): start from an empty
// module cache, so that the mocks below reach every module, and leave one.
vi.hoisted(() => vi.resetModules());
unmockAfterFile('iron-session');

/** Every unseal of a session cookie, counted through the real iron-session. */
const unseals = vi.hoisted(() => ({ count: 0 }));
vi.mock('iron-session', async (importOriginal) => {
  const actual = await importOriginal<typeof IronSession>();
  return {
    ...actual,
    unsealData: (...args: Parameters<typeof actual.unsealData>) => {
      unseals.count++;
      return actual.unsealData(...args);
    },
  };
});

let deps: TestDeps;
let mailer: RecordingMailer;
let app: ReturnType<typeof createApp>;

beforeEach(async () => {
  mailer = createRecordingMailer();
  deps = await createTestDeps({ mailer });
  app = createApp(deps);
});

/** Counts the database reads from here on (the session lookup is the only one of admin.check). */
function countReads(): MockInstance {
  unseals.count = 0;
  return vi.spyOn(deps.db, 'select');
}

function checkBatch(cookie: string) {
  const paths = Array.from({ length: MAX_BATCH_SIZE }, () => 'admin.check').join(',');
  return app.request(`/api/trpc/${paths}?batch=1`, { headers: { Cookie: cookie } });
}

type CheckResults = { result: { data: { authenticated: boolean; username: string | null } } }[];

describe('one session read per request', () => {
  it(`unseals a forged cookie once for a batch of ${MAX_BATCH_SIZE} admin.check calls`, async () => {
    // Sealed with another secret: a well-formed cookie that takes the full unseal to refuse.
    const forged = await sealData(
      { sid: 'forged' },
      { password: 'not-the-server-secret-not-the-server-secret', ttl: SESSION_TTL_MS / 1000 },
    );
    const reads = countReads();
    const res = await checkBatch(`${sessionCookieName(false)}=${forged}`);
    expect(res.status).toBe(200);
    const results = (await res.json()) as CheckResults;
    expect(results).toHaveLength(MAX_BATCH_SIZE);
    expect(results.every((r) => !r.result.data.authenticated)).toBe(true);
    expect(unseals.count).toBe(1);
    expect(reads).not.toHaveBeenCalled();
  });

  it(`looks a live session up once for a batch of ${MAX_BATCH_SIZE} admin.check calls`, async () => {
    const cookie = await signedInCookie(deps);
    const reads = countReads();
    const results = (await (await checkBatch(cookie)).json()) as CheckResults;
    expect(results.map((r) => r.result.data)).toEqual(
      Array.from({ length: MAX_BATCH_SIZE }, () => ({
        authenticated: true,
        username: 'admin',
        awaitingTwoFactor: false,
        pendingMethod: null,
        setupRequired: false,
      })),
    );
    expect(unseals.count).toBe(1);
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it('reads it once in a REST call, through the same context as tRPC', async () => {
    const cookie = await signedInCookie(deps);
    const reads = countReads();
    const res = await rest(app, 'GET', '/api/admin/check', { cookie });
    expect(res.body).toEqual({
      authenticated: true,
      username: 'admin',
      awaitingTwoFactor: false,
      pendingMethod: null,
      setupRequired: false,
    });
    expect(unseals.count).toBe(1);
    expect(reads).toHaveBeenCalledTimes(1);
  });
});

describe('a sign-in or logout earlier in the request', () => {
  // One context stands for one request: what every procedure of a tRPC batch shares, and what
  // a REST handler hands its procedure.

  it('login then check: the check sees the new session, read before or not', async () => {
    await insertUser(deps, 'alice');
    const { caller, ctx } = callerFor(deps);
    expect((await caller.admin.check()).authenticated).toBe(false);
    await caller.admin.login({ username: 'alice', password: PASSWORD });
    expect(await caller.admin.check()).toEqual({
      authenticated: true,
      username: 'alice',
      awaitingTwoFactor: false,
      pendingMethod: null,
      setupRequired: false,
    });
    expect(await caller.facts.listAll()).toEqual(expect.any(Array));
    const cookie = sessionCookieFrom(ctx.resHeaders) ?? '';
    expect((await callerFor(deps, { cookie }).caller.admin.check()).authenticated).toBe(true);
  });

  it('login, check, code, check: awaiting the code, then signed in', async () => {
    await insertUser(deps, 'erin', 'erin@example.com');
    const { caller } = callerFor(deps);
    expect(await caller.admin.login({ username: 'erin', password: PASSWORD })).toEqual({
      success: true,
      requiresTwoFactor: true,
      method: 'email',
    });
    expect(await caller.admin.check()).toEqual({
      authenticated: false,
      username: 'erin',
      awaitingTwoFactor: true,
      pendingMethod: 'email',
      setupRequired: false,
    });
    expect((await failure(caller.facts.listAll())).code).toBe('UNAUTHORIZED');
    const code = /\b(\d{6})\b/.exec(mailer.sent.at(-1)?.text ?? '')?.[1] ?? '';
    await caller.admin.verifyCode({ code });
    expect((await caller.admin.check()).authenticated).toBe(true);
  });

  it('logout then check and an admin procedure: signed out', async () => {
    const { caller } = callerFor(deps, { cookie: await signedInCookie(deps) });
    expect((await caller.admin.check()).authenticated).toBe(true);
    await caller.admin.logout();
    expect((await caller.admin.check()).authenticated).toBe(false);
    expect((await failure(caller.facts.listAll())).code).toBe('UNAUTHORIZED');
  });

  it('a second login ends the session the first one started: one row, the last cookie', async () => {
    await insertUser(deps, 'alice');
    const { caller, ctx } = callerFor(deps, { cookie: await signedInCookie(deps, 'alice') });
    await caller.admin.login({ username: 'alice', password: PASSWORD });
    await caller.admin.login({ username: 'alice', password: PASSWORD });
    const rows = await deps.db.select().from(sessions).all();
    const last = await cookiePayload(deps, sessionCookieFrom(ctx.resHeaders) ?? '');
    const lastSid = last && 'sid' in last ? last.sid : '';
    expect(rows.map((row) => row.id)).toEqual([sessionRowId(lastSid)]);
  });
});
