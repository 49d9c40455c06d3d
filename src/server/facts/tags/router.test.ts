import { beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import { tags } from '#db/schema';
import { MESSAGES } from '#shared/messages';
import { adminCaller, procedureCallers, type Caller, type TestDeps } from '#tests/support/app';
import { isUniqueViolation } from '#db/unique-violation';
import { failure, issuesOf } from '#tests/support/trpc-errors';

let deps: TestDeps;
let admin: Caller;
let anonymous: Caller;

beforeEach(async () => {
  ({ deps, admin, anonymous } = await procedureCallers());
});

describe('tags.links', () => {
  it('answers which tag is on which fact, and nothing signed out', async () => {
    const a = await admin.facts.create({ factText: 'First fact', source: 'Here' });
    const b = await admin.facts.create({ factText: 'Second fact', source: 'Here' });
    const history = await admin.tags.create({ name: 'History' });
    const games = await admin.tags.create({ name: 'Games' });
    expect(await admin.tags.links()).toEqual([]);
    await admin.facts.addTag({ factId: b.id, tagId: history.id });
    await admin.facts.addTag({ factId: a.id, tagId: games.id });
    await admin.facts.addTag({ factId: a.id, tagId: history.id });
    expect(await admin.tags.links()).toEqual([
      { factId: a.id, tagId: history.id },
      { factId: a.id, tagId: games.id },
      { factId: b.id, tagId: history.id },
    ]);
    await admin.facts.remove({ id: a.id });
    expect(await admin.tags.links()).toEqual([{ factId: b.id, tagId: history.id }]);
    expect((await failure(anonymous.tags.links())).code).toBe('UNAUTHORIZED');
  });
});

describe('tags.list', () => {
  it('sorts by name ignoring case', async () => {
    for (const name of ['gamma', 'Beta', 'alpha', 'Alphabet', 'delta']) {
      await admin.tags.create({ name });
    }
    expect((await admin.tags.list()).map((t) => t.name)).toEqual([
      'alpha',
      'Alphabet',
      'Beta',
      'delta',
      'gamma',
    ]);
  });

  it('answers an empty list on a fresh database', async () => {
    expect(await admin.tags.list()).toEqual([]);
  });

  it('refuses a visitor', async () => {
    expect((await failure(anonymous.tags.list())).code).toBe('UNAUTHORIZED');
  });
});

describe('tags.create', () => {
  it('stores the trimmed name with the clock as creation time', async () => {
    deps.clock.advance(2 * 60 * 60_000);
    // Two idle hours ended the first session (30 minutes idle limit): sign in anew.
    admin = await adminCaller(deps);
    const tag = await admin.tags.create({ name: '  Machine learning  ' });
    expect(tag).toEqual({
      id: expect.any(Number),
      name: 'Machine learning',
      createdAt: '2026-01-15T12:00:00.000Z',
    });
    expect(await admin.tags.list()).toEqual([tag]);
  });

  it.each(['history', 'HISTORY', ' History '])(
    'answers CONFLICT for %j when "history" exists',
    async (name) => {
      await admin.tags.create({ name: 'history' });
      const error = await failure(admin.tags.create({ name }));
      expect(error.code).toBe('CONFLICT');
      expect(error.message).toBe(`A tag named "${name.trim()}" already exists`);
      expect(await admin.tags.list()).toHaveLength(1);
    },
  );

  it('treats letters beyond ASCII case-insensitively too', async () => {
    await admin.tags.create({ name: 'Éthique' });
    expect((await failure(admin.tags.create({ name: 'éTHIQUE' }))).code).toBe('CONFLICT');
    // A different letter is a different name.
    expect((await admin.tags.create({ name: 'Ethique' })).name).toBe('Ethique');
  });

  it('lets only one of many identical creations at once succeed', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        admin.tags.create({ name: i % 2 ? 'Vision' : 'vision' }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await admin.tags.list()).toHaveLength(1);
  });

  it.each([
    ['', MESSAGES.tagName],
    ['    ', MESSAGES.tagName],
    ['x'.repeat(41), MESSAGES.tagNameMax],
  ])('refuses the name %j', async (name, message) => {
    expect(await issuesOf(admin.tags.create({ name }))).toEqual([{ path: 'name', message }]);
  });

  it('accepts a one-letter name and a 40-letter one', async () => {
    await admin.tags.create({ name: 'x' });
    await admin.tags.create({ name: ` ${'y'.repeat(40)} ` });
    expect((await admin.tags.list()).map((t) => t.name.length)).toEqual([1, 40]);
  });

  it('refuses a missing name', async () => {
    const issues = await issuesOf(admin.tags.create({} as { name: string }));
    expect(issues).toEqual([{ path: 'name', message: 'Required' }]);
  });

  it('refuses a name that is not a string', async () => {
    const issues = await issuesOf(admin.tags.create({ name: 7 as unknown as string }));
    expect(issues).toEqual([{ path: 'name', message: 'Invalid input' }]);
  });

  it('refuses a visitor', async () => {
    expect((await failure(anonymous.tags.create({ name: 'x' }))).code).toBe('UNAUTHORIZED');
    expect(await deps.db.select().from(tags).all()).toEqual([]);
  });
});

describe('isUniqueViolation', () => {
  it('recognises the unique index error through drizzle’s wrapper', async () => {
    const now = new Date();
    await writeTransaction(deps.db, (tx) =>
      tx.insert(tags).values({ name: 'dup', createdAt: now }),
    );
    let caught: unknown;
    try {
      await writeTransaction(deps.db, (tx) =>
        tx.insert(tags).values({ name: 'DUP', createdAt: now }),
      );
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(Error);
    expect(isUniqueViolation(caught)).toBe(true);
  });

  it('does not mistake other errors for it', async () => {
    expect(isUniqueViolation(new Error('disk I/O error'))).toBe(false);
    expect(isUniqueViolation('SQLITE_CONSTRAINT_UNIQUE')).toBe(false);
    let caught: unknown;
    try {
      await writeTransaction(deps.db, (tx) => tx.run('INSERT INTO tags (name) VALUES (NULL)'));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(Error);
    expect(isUniqueViolation(caught)).toBe(false);
  });
});
