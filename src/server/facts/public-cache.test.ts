import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, writeTransaction, type Db } from '#db';
import { aiFacts } from '#db/schema';
import { seedDemoFacts } from '#db/seed';
import {
  adminCaller,
  callerFor,
  createTestApp,
  createTestDeps,
  signedInCookie,
  type TestDeps,
} from '#tests/support/app';
import { openTestDatabase } from '#tests/support/database';
import type { App } from '#server/app/app';
import { createApp } from '#server/app/app';
import { publicFacts } from './public-cache';

let app: App;
let deps: TestDeps;

beforeEach(async () => {
  ({ app, deps } = await createTestApp());
  await seedDemoFacts(deps.db, deps.clock.now());
});

const REST = '/api/ai-facts';
const TRPC = '/api/trpc/facts.listPublic';

async function get(path: string, headers: Record<string, string> = {}, on: App = app) {
  const res = await on.request(path, { headers });
  return { res, text: await res.text() };
}

describe('public facts: ready bytes with an ETag', () => {
  it.each([REST, TRPC])('%s answers 200 with an ETag, then 304 for If-None-Match', async (path) => {
    const first = await get(path);
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get('content-type')).toBe('application/json');
    expect(first.res.headers.get('cache-control')).toBe('no-cache');
    const etag = first.res.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]{22}"$/);

    for (const ifNoneMatch of [etag!, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await get(path, { 'if-none-match': ifNoneMatch });
      expect(again.res.status).toBe(304);
      expect(again.text).toBe('');
      expect(again.res.headers.get('etag')).toBe(etag);
      // A 304 still carries the security headers and a request id.
      expect(again.res.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(again.res.headers.get('x-request-id')).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      );
    }
    const stale = await get(path, { 'if-none-match': '"not-the-current-one"' });
    expect(stale.res.status).toBe(200);
    expect(stale.text).toBe(first.text);
  });

  it('the REST body and the tRPC body are what the shim and the adapter answer', async () => {
    const rest = JSON.parse((await get(REST)).text) as unknown;
    const { caller } = callerFor(deps);
    expect(rest).toEqual(await caller.facts.listPublic());
    expect((rest as { facts: unknown[] }).facts).toHaveLength(
      (await publicFacts(deps.db)).result.facts.length,
    );
    // A batched call goes through the tRPC adapter: same data, in the batch envelope.
    const batched = await get(`${TRPC}?batch=1&input=${encodeURIComponent('{}')}`);
    expect(batched.res.status).toBe(200);
    const fast = JSON.parse((await get(TRPC)).text) as unknown;
    expect(JSON.parse(batched.text)).toEqual([fast]);
    expect(fast).toEqual({ result: { data: rest } });
  });

  it('serves the same ETag for the same content, whichever process made it', async () => {
    const other = await createTestApp();
    await seedDemoFacts(other.deps.db, other.deps.clock.now());
    const here = (await get(REST)).res.headers.get('etag');
    const there = (await get(REST, {}, other.app)).res.headers.get('etag');
    expect(there).toBe(here);
  });
});

describe('public facts cache is dropped on every fact and tag write', () => {
  const texts = async () =>
    (JSON.parse((await get(REST)).text) as { facts: { factText: string }[] }).facts.map(
      (f) => f.factText,
    );

  it('create, update, remove, move and reorder change what visitors get at once', async () => {
    const admin = await adminCaller(deps);
    const before = await texts();

    const created = await admin.facts.create({ factText: 'A brand new fact', source: 'Here' });
    expect(await texts()).toEqual([...before, 'A brand new fact']);

    await admin.facts.update({ id: created.id, data: { factText: 'An edited fact' } });
    expect((await texts()).at(-1)).toBe('An edited fact');

    await admin.facts.move({ id: created.id, direction: 'up' });
    expect((await texts()).at(-2)).toBe('An edited fact');

    const first = (await publicFacts(deps.db)).result.facts[0]!;
    await admin.facts.reorder({ id: created.id, targetId: first.id, position: 'before' });
    expect((await texts())[0]).toBe('An edited fact');

    await admin.facts.update({ id: created.id, data: { active: false } });
    expect(await texts()).toEqual(before);

    await admin.facts.update({ id: created.id, data: { active: true } });
    await admin.facts.remove({ id: created.id });
    expect(await texts()).toEqual(before);
  });

  it('the ETag changes with the content, so a revalidating client gets the new list', async () => {
    const admin = await adminCaller(deps);
    const etag = (await get(TRPC)).res.headers.get('etag')!;
    await admin.facts.create({ factText: 'Another new fact', source: 'There' });
    const after = await get(TRPC, { 'if-none-match': etag });
    expect(after.res.status).toBe(200);
    expect(after.text).toContain('Another new fact');
  });

  // Visitors' facts carry no tags, and the cache follows the fact rows alone (the triggers
  // on ai_facts, migration 0003): tag writes keep the snapshot, a fact write drops it.
  it('tag create, attach and detach keep the snapshot; the next fact write drops it', async () => {
    const admin = await adminCaller(deps);
    const snapshot = await publicFacts(deps.db);
    const factId = snapshot.result.facts[0]!.id;
    expect(await publicFacts(deps.db)).toBe(snapshot);

    const tag = await admin.tags.create({ name: 'history' });
    await admin.facts.addTag({ factId, tagId: tag.id });
    expect(await publicFacts(deps.db)).toBe(snapshot);
    await admin.facts.removeTag({ factId, tagId: tag.id });
    expect(await publicFacts(deps.db)).toBe(snapshot);

    await admin.facts.update({ id: factId, data: { source: 'A corrected source' } });
    const after = await publicFacts(deps.db);
    expect(after).not.toBe(snapshot);
    expect(after.result.facts[0]).toEqual({
      ...snapshot.result.facts[0],
      source: 'A corrected source',
    });
  });

  it('reads alone keep serving the same snapshot', async () => {
    const snapshot = await publicFacts(deps.db);
    await get(REST);
    await get(TRPC);
    await callerFor(deps).caller.facts.listPublic();
    expect(await publicFacts(deps.db)).toBe(snapshot);
  });
});

describe('public facts cache with several instances on one database', () => {
  let dbA: Db;
  let dbB: Db;

  // Two handles on one database: two connections to the same file, or two clients of the
  // same libSQL server, as two app instances (or an instance and the CLI) would have.
  beforeEach(async () => {
    const { db, target } = await openTestDatabase();
    await closeDatabase(db);
    dbA = await openDatabase(target);
    dbB = await openDatabase(target);
  });

  afterEach(async () => {
    await closeDatabase(dbA);
    await closeDatabase(dbB);
  });

  it("another connection's writes (another instance, the CLI, a manual edit) are seen at once", async () => {
    const depsA = await createTestDeps({ db: dbA });
    const depsB = await createTestDeps({ db: dbB });
    const appA = createApp(depsA);
    const texts = async () =>
      (
        JSON.parse(await (await appA.request(REST)).text()) as { facts: { factText: string }[] }
      ).facts.map((f) => f.factText);

    expect(await texts()).toEqual([]);
    // Instance B creates a fact through its own procedures.
    const adminB = await adminCaller(depsB);
    const fact = await adminB.facts.create({
      factText: 'Written by instance B',
      source: 'Instance B',
    });
    expect(await texts()).toEqual(['Written by instance B']);

    // Plain SQL writes from B's connection, which no code of A's process saw.
    await writeTransaction(dbB, (tx) =>
      tx.run(sql`UPDATE ai_facts SET fact_text = ${'Edited by hand'} WHERE id = ${fact.id}`),
    );
    expect(await texts()).toEqual(['Edited by hand']);
    await writeTransaction(dbB, (tx) => tx.run(sql`UPDATE ai_facts SET active = 0`));
    expect(await texts()).toEqual([]);
    await writeTransaction(dbB, (tx) => tx.run(sql`UPDATE ai_facts SET active = 1`));
    expect(await texts()).toEqual(['Edited by hand']);
    await writeTransaction(dbB, (tx) => tx.delete(aiFacts));
    expect(await texts()).toEqual([]);
  });
});

describe('public reads never look at sessions', () => {
  it('no query of a public read names the sessions, challenges or users tables, cookie or not', async () => {
    const cookie = await signedInCookie(deps);
    const admin = await adminCaller(deps);
    await admin.facts.create({ factText: 'Makes the cache reload', source: 'Test' });
    // With these tables gone, any query of a public read that named one would fail (a 500)
    // instead of answering: a check that works the same on the file and on a libSQL server.
    // Pending e-mail changes go first: dropping users deletes its rows, which cascades to
    // them, and their own reference to sessions would then name a table already gone.
    await writeTransaction(deps.db, async (tx) => {
      await tx.run(sql`DROP TABLE email_changes`);
      await tx.run(sql`DROP TABLE sessions`);
      await tx.run(sql`DROP TABLE two_factor_challenges`);
      await tx.run(sql`DROP TABLE users`);
    });
    // The drop is seen: a read that does look at the session now fails.
    await expect(callerFor(deps, { cookie }).caller.admin.check()).rejects.toThrow();

    for (const path of [REST, TRPC, `${TRPC}?batch=1&input=${encodeURIComponent('{}')}`]) {
      const res = await app.request(path, { headers: { cookie } });
      expect(res.status).toBe(200);
      // The cache did reload (the fact write above), so the facts query itself ran.
      expect(await res.text()).toContain('Makes the cache reload');
    }
    const listed = await callerFor(deps, { cookie }).caller.facts.listPublic();
    expect(listed.facts.map((f) => f.factText)).toContain('Makes the cache reload');
  });
});
