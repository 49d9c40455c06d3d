import { beforeEach, describe, expect, it } from 'vitest';
import {
  callerFor,
  createTestDeps,
  signedInCookie,
  type Caller,
  type TestDeps,
} from '#tests/support/app';
import { auditEntries } from '#tests/support/audit';
import { failure, issuesOf } from '#tests/support/trpc-errors';
import { CONTENT_MESSAGES, type SiteContent } from '#shared/site-content';
import { defaultSiteContent } from '#shared/site-content-defaults';
import { currentContent } from '#server/site/site-content';

let deps: TestDeps;
let alice: Caller;
let bob: Caller;

beforeEach(async () => {
  deps = await createTestDeps();
  alice = callerFor(deps, {
    cookie: await signedInCookie(deps, 'alice'),
    ip: '203.0.113.7',
  }).caller;
  bob = callerFor(deps, { cookie: await signedInCookie(deps, 'bob') }).caller;
});

function edited(edit: (copy: SiteContent) => void): SiteContent {
  const copy = structuredClone(defaultSiteContent);
  edit(copy);
  return copy;
}

describe('content', () => {
  it('is the defaults, version 0, until the first save', async () => {
    expect(await alice.content.get()).toEqual({
      content: defaultSiteContent,
      version: 0,
      updatedAt: null,
      updatedBy: null,
    });
    expect(await alice.content.versions({})).toEqual({
      versions: [],
      total: 0,
      page: 1,
      pageSize: 50,
    });
  });

  it('saves a new version with who and when, audited, and the cache follows', async () => {
    expect((await currentContent(deps.db)).version).toBe(0);
    const content = edited((c) => (c.hero.headlineStart = 'Hello from Alice'));
    expect(await alice.content.save({ content, baseVersion: 0 })).toEqual({ version: 1 });
    expect(await bob.content.get()).toEqual({
      content,
      version: 1,
      updatedAt: '2026-01-15T10:00:00.000Z',
      updatedBy: 'alice',
    });
    expect((await currentContent(deps.db)).content.hero.headlineStart).toBe('Hello from Alice');
    const entries = await auditEntries(deps.db);
    expect(entries.at(-1)).toMatchObject({
      action: 'content_updated',
      actor: 'alice',
      target: 'content version 1',
      address: '203.0.113.x',
    });
  });

  it('refuses a save based on an older version (409) and keeps the newer one', async () => {
    await alice.content.save({ content: edited((c) => (c.hero.intro = 'A')), baseVersion: 0 });
    const error = await failure(
      bob.content.save({ content: edited((c) => (c.hero.intro = 'B')), baseVersion: 0 }),
    );
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toBe(CONTENT_MESSAGES.stale);
    expect((await bob.content.get()).content.hero.intro).toBe('A');
  });

  it('lets only one of several saves on the same base win', async () => {
    const saves = Array.from({ length: 20 }, (_, i) =>
      alice.content.save({
        content: edited((c) => (c.hero.intro = `Save ${i}`)),
        baseVersion: 0,
      }),
    );
    const results = await Promise.allSettled(saves);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await alice.content.versions({})).total).toBe(1);
  });

  it('names each invalid field in the issues', async () => {
    const content = edited((c) => {
      c.services[1].features[3] = ' ';
      c.contact.email = 'nobody';
    });
    expect(await issuesOf(alice.content.save({ content, baseVersion: 0 }))).toEqual([
      { path: 'content.contact.email', message: 'Please enter a valid email address' },
      { path: 'content.services.1.features.3', message: 'Required' },
    ]);
  });

  it("checks the section words and the founder's name, and gives an older client's save the starting words", async () => {
    const content = edited((c) => {
      c.headings.servicesTitle = 'x'.repeat(121);
      c.headings.newsletterText = ' ';
      c.founder.name = 'y'.repeat(101);
    });
    expect(await issuesOf(alice.content.save({ content, baseVersion: 0 }))).toEqual([
      { path: 'content.founder.name', message: 'Must be at most 100 characters' },
      { path: 'content.headings.servicesTitle', message: 'Must be at most 120 characters' },
      { path: 'content.headings.newsletterText', message: 'Required' },
    ]);

    // A client that knows neither (docs/api.md, "Content"): saved with the starting words.
    const older = structuredClone(defaultSiteContent) as unknown as Record<string, unknown>;
    delete older.headings;
    older.founder = { role: 'Lead engineer', softwareYears: 12, aiYears: 3 };
    await alice.content.save({ content: older as SiteContent, baseVersion: 0 });
    const saved = (await alice.content.get()).content;
    expect(saved.headings).toEqual(defaultSiteContent.headings);
    expect(saved.founder).toEqual({
      name: '',
      role: 'Lead engineer',
      softwareYears: 12,
      aiYears: 3,
    });
  });

  it('lists versions newest first and restores one as a new version', async () => {
    for (let i = 1; i <= 3; i++) {
      deps.clock.advance(60_000);
      await (i === 2 ? bob : alice).content.save({
        content: edited((c) => (c.hero.headlineHighlight = `Take ${i}`)),
        baseVersion: i - 1,
      });
    }
    const { versions, total } = await alice.content.versions({ page: '1' });
    expect(total).toBe(3);
    expect(versions).toEqual([
      { version: 3, updatedAt: '2026-01-15T10:03:00.000Z', updatedBy: 'alice' },
      { version: 2, updatedAt: '2026-01-15T10:02:00.000Z', updatedBy: 'bob' },
      { version: 1, updatedAt: '2026-01-15T10:01:00.000Z', updatedBy: 'alice' },
    ]);
    expect(await bob.content.restore({ version: '1' })).toEqual({ version: 4 });
    const now = await alice.content.get();
    expect(now).toMatchObject({ version: 4, updatedBy: 'bob' });
    expect(now.content.hero.headlineHighlight).toBe('Take 1');
    expect((await auditEntries(deps.db)).at(-1)).toMatchObject({
      action: 'content_updated',
      target: 'content version 1 restored as 4',
    });
    expect((await failure(alice.content.restore({ version: 9 }))).code).toBe('NOT_FOUND');
    expect(await issuesOf(alice.content.restore({ version: 'x' }))).toHaveLength(1);
  });

  it('restores the defaults as a new version, audited, and the pages follow', async () => {
    const mine = edited((c) => (c.company.name = 'Mine Ltd'));
    await alice.content.save({ content: mine, baseVersion: 0 });
    expect((await currentContent(deps.db)).content.company.name).toBe('Mine Ltd');
    deps.clock.advance(60_000);
    expect(await bob.content.restoreDefaults({ baseVersion: 1 })).toEqual({ version: 2 });
    expect(await alice.content.get()).toEqual({
      content: defaultSiteContent,
      version: 2,
      updatedAt: '2026-01-15T10:01:00.000Z',
      updatedBy: 'bob',
    });
    expect((await currentContent(deps.db)).content).toEqual(defaultSiteContent);
    expect((await auditEntries(deps.db)).at(-1)).toMatchObject({
      action: 'content_updated',
      actor: 'bob',
      target: 'content defaults restored as 2',
    });
    // What was there stays in the history, restorable.
    expect((await alice.content.versions({})).total).toBe(2);
    expect(await alice.content.restore({ version: 1 })).toEqual({ version: 3 });
    expect((await alice.content.get()).content).toEqual(mine);
  });

  it('refuses to restore the defaults over a newer save (409), and lets one of 20 win', async () => {
    await alice.content.save({ content: edited((c) => (c.hero.intro = 'A')), baseVersion: 0 });
    const stale = await failure(bob.content.restoreDefaults({ baseVersion: 0 }));
    expect(stale.code).toBe('CONFLICT');
    expect(stale.message).toBe(CONTENT_MESSAGES.stale);
    expect((await bob.content.get()).content.hero.intro).toBe('A');
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => bob.content.restoreDefaults({ baseVersion: 1 })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await alice.content.versions({})).total).toBe(2);
    expect(await issuesOf(bob.content.restoreDefaults({ baseVersion: -1 }))).toHaveLength(1);
  });

  it('refuses to restore a version over a newer save (409) and writes nothing', async () => {
    for (let i = 1; i <= 2; i++) {
      await alice.content.save({
        content: edited((c) => (c.hero.intro = `Take ${i}`)),
        baseVersion: i - 1,
      });
    }
    const audited = (await auditEntries(deps.db)).length;
    // Bob's screen showed version 1; Alice saved version 2 meanwhile.
    const stale = await failure(bob.content.restore({ version: 1, baseVersion: 1 }));
    expect(stale.code).toBe('CONFLICT');
    expect(stale.message).toBe(CONTENT_MESSAGES.stale);
    expect(await bob.content.get()).toMatchObject({ version: 2, updatedBy: 'alice' });
    expect((await bob.content.get()).content.hero.intro).toBe('Take 2');
    expect((await bob.content.versions({})).total).toBe(2);
    expect(await auditEntries(deps.db)).toHaveLength(audited);
    // Based on what is there now, it goes through.
    expect(await bob.content.restore({ version: 1, baseVersion: 2 })).toEqual({ version: 3 });
    expect((await bob.content.get()).content.hero.intro).toBe('Take 1');
  });

  it('lets one of 20 restores on the same base win; the others are 409', async () => {
    await alice.content.save({ content: edited((c) => (c.hero.intro = 'A')), baseVersion: 0 });
    await alice.content.save({ content: edited((c) => (c.hero.intro = 'B')), baseVersion: 1 });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => bob.content.restore({ version: 1, baseVersion: 2 })),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toEqual([{ status: 'fulfilled', value: { version: 3 } }]);
    for (const result of results) {
      if (result.status === 'rejected') {
        expect(result.reason).toMatchObject({ code: 'CONFLICT', message: CONTENT_MESSAGES.stale });
      }
    }
    expect((await alice.content.versions({})).total).toBe(3);
  });

  it('checks the base version of a restore like a save', async () => {
    await alice.content.save({ content: edited((c) => (c.hero.intro = 'A')), baseVersion: 0 });
    for (const baseVersion of [-1, 1.5, '1', null]) {
      const issues = await issuesOf(
        alice.content.restore({ version: 1, baseVersion } as unknown as {
          version: number;
          baseVersion: number;
        }),
      );
      expect(issues.map((issue) => issue.path)).toEqual(['baseVersion']);
    }
    expect((await alice.content.versions({})).total).toBe(1);
  });

  it('is for signed-in administrators only', async () => {
    const visitor = callerFor(deps).caller;
    expect((await failure(visitor.content.get())).code).toBe('UNAUTHORIZED');
    expect(
      (await failure(visitor.content.save({ content: defaultSiteContent, baseVersion: 0 }))).code,
    ).toBe('UNAUTHORIZED');
    expect((await failure(visitor.content.versions({}))).code).toBe('UNAUTHORIZED');
    expect((await failure(visitor.content.restore({ version: 1 }))).code).toBe('UNAUTHORIZED');
    expect((await failure(visitor.content.restoreDefaults({ baseVersion: 0 }))).code).toBe(
      'UNAUTHORIZED',
    );
  });
});
