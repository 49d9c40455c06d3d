import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { writeTransaction } from '#db';
import { aiFacts, aiFactTags, tags } from '#db/schema';
import { MESSAGES } from '#shared/messages';
import { adminCaller, procedureCallers, type Caller, type TestDeps } from '#tests/support/app';
import { failure, issuesOf } from '#tests/support/trpc-errors';

let deps: TestDeps;
let admin: Caller;
let anonymous: Caller;

beforeEach(async () => {
  ({ deps, admin, anonymous } = await procedureCallers());
});

const valid = { factText: 'A true fact about AI', source: 'A source' };

async function createFacts(...orders: (number | undefined)[]) {
  const created = [];
  for (const [i, order] of orders.entries()) {
    created.push(await admin.facts.create({ ...valid, factText: `Fact number ${i + 1}`, order }));
  }
  return created;
}

async function linkCount(factId: number): Promise<number> {
  return (await deps.db.select().from(aiFactTags).where(eq(aiFactTags.factId, factId)).all())
    .length;
}

describe('facts.listPublic', () => {
  it('answers an empty list on a fresh database, without signing in', async () => {
    expect(await anonymous.facts.listPublic()).toEqual({ success: true, facts: [] });
  });

  it('lists active facts only, with id, text and source, by order then id', async () => {
    const [a, b, c, d] = await createFacts(2, 1, 1, 3);
    await admin.facts.update({ id: d!.id, data: { active: false } });
    const { facts } = await anonymous.facts.listPublic();
    expect(facts).toEqual(
      [b!, c!, a!].map((f) => ({ id: f.id, factText: f.factText, source: f.source })),
    );
  });
});

describe('facts.listAll', () => {
  it('refuses a visitor who is not signed in', async () => {
    expect((await failure(anonymous.facts.listAll())).code).toBe('UNAUTHORIZED');
  });

  it('lists every fact, inactive ones too, by order then id, with ISO dates', async () => {
    const [a, b] = await createFacts(5, 5);
    const c = await admin.facts.create({
      ...valid,
      order: 1,
      active: false,
      factDate: '2020-02-03',
    });
    const all = await admin.facts.listAll();
    expect(all.map((f) => f.id)).toEqual([c.id, a!.id, b!.id]);
    expect(all[0]).toEqual({
      id: c.id,
      factText: valid.factText,
      source: valid.source,
      order: 1,
      active: false,
      factDate: '2020-02-03T00:00:00.000Z',
      createdAt: '2026-01-15T10:00:00.000Z',
    });
  });
});

describe('facts.byId', () => {
  it('answers the fact with its tags sorted by name ignoring case', async () => {
    const fact = await admin.facts.create(valid);
    const zeta = await admin.tags.create({ name: 'zeta' });
    const alpha = await admin.tags.create({ name: 'Alpha' });
    const beta = await admin.tags.create({ name: 'beta' });
    await admin.tags.create({ name: 'unlinked' });
    for (const tag of [zeta, alpha, beta]) {
      await admin.facts.addTag({ factId: fact.id, tagId: tag.id });
    }
    expect(await admin.facts.byId({ id: fact.id })).toEqual({ ...fact, tags: [alpha, beta, zeta] });
  });

  it('takes the id as digits, as it arrives from a REST path', async () => {
    const fact = await admin.facts.create(valid);
    expect((await admin.facts.byId({ id: String(fact.id) })).id).toBe(fact.id);
  });

  it('answers NOT_FOUND for an unknown id', async () => {
    const error = await failure(admin.facts.byId({ id: 99 }));
    expect([error.code, error.message]).toEqual(['NOT_FOUND', 'AI fact not found']);
  });

  it.each([0, -1, 1.5, 'abc', '1.5', '1e3', '0', '-1', '01', ''])(
    'refuses the id %j',
    async (id) => {
      expect(await issuesOf(admin.facts.byId({ id }))).toEqual([
        { path: 'id', message: MESSAGES.id },
      ]);
    },
  );

  it('refuses a visitor before looking at the id', async () => {
    expect((await failure(anonymous.facts.byId({ id: 'abc' }))).code).toBe('UNAUTHORIZED');
  });
});

describe('facts.create', () => {
  it('stores a fact with the clock as creation time and answers it', async () => {
    // The test clock starts at 2026-01-15T10:00:00Z; a session idle for 90 minutes has ended
    // (30 minutes idle limit), so sign in anew.
    deps.clock.advance(90 * 60_000);
    admin = await adminCaller(deps);
    const fact = await admin.facts.create({
      factText: '  Deep Blue beat Kasparov  ',
      source: ' IBM ',
      factDate: '1997-05-11',
      createdAt: '1999-01-01T00:00:00Z',
    });
    expect(fact).toEqual({
      id: expect.any(Number),
      factText: 'Deep Blue beat Kasparov',
      source: 'IBM',
      order: 1,
      active: true,
      factDate: '1997-05-11T00:00:00.000Z',
      createdAt: '2026-01-15T11:30:00.000Z',
    });
    expect(await admin.facts.listAll()).toEqual([fact]);
  });

  it('puts a fact without order, or with order 0, blank or null, after the highest order', async () => {
    expect((await admin.facts.create(valid)).order).toBe(1);
    expect((await admin.facts.create({ ...valid, order: 7 })).order).toBe(7);
    expect((await admin.facts.create({ ...valid, order: 0 })).order).toBe(8);
    expect((await admin.facts.create({ ...valid, order: '' })).order).toBe(9);
    expect((await admin.facts.create({ ...valid, order: null })).order).toBe(10);
    expect((await admin.facts.create({ ...valid, order: undefined })).order).toBe(11);
    expect((await admin.facts.create({ ...valid, order: 3 })).order).toBe(3);
  });

  it('gives facts created at the same moment distinct orders', async () => {
    const created = await Promise.all(
      Array.from({ length: 20 }, () => admin.facts.create({ ...valid })),
    );
    expect(new Set(created.map((f) => f.order)).size).toBe(20);
  });

  it.each(['', '   ', 'not a date', '2024-13-45'])('stores the fact date %j as null', async (d) => {
    expect((await admin.facts.create({ ...valid, factDate: d })).factDate).toBeNull();
  });

  it('keeps an inactive flag', async () => {
    expect((await admin.facts.create({ ...valid, active: false })).active).toBe(false);
  });

  it.each([
    [{ ...valid, factText: 'abcd' }, 'factText', MESSAGES.factText],
    [{ ...valid, factText: '   abcd   ' }, 'factText', MESSAGES.factText],
    [{ ...valid, factText: 'x'.repeat(1001) }, 'factText', MESSAGES.factTextMax],
    [{ ...valid, source: 'a' }, 'source', MESSAGES.source],
    [{ ...valid, source: 'x'.repeat(301) }, 'source', MESSAGES.sourceMax],
    [{ ...valid, order: -1 }, 'order', MESSAGES.order],
    [{ ...valid, order: 1.5 }, 'order', MESSAGES.order],
    [{ source: 'A source' }, 'factText', 'Required'],
    [{ factText: 'A true fact' }, 'source', 'Required'],
    [{ ...valid, active: 'yes' }, 'active', 'Invalid input'],
  ])('refuses %j with the message on %s', async (input, path, message) => {
    const issues = await issuesOf(admin.facts.create(input as typeof valid));
    expect(issues).toEqual([{ path, message }]);
    expect(await admin.facts.listAll()).toEqual([]);
  });

  it('accepts the longest allowed text and source', async () => {
    const fact = await admin.facts.create({ factText: 'x'.repeat(1000), source: 'y'.repeat(300) });
    expect([fact.factText.length, fact.source.length]).toEqual([1000, 300]);
  });

  it('refuses a visitor', async () => {
    expect((await failure(anonymous.facts.create(valid))).code).toBe('UNAUTHORIZED');
    expect(await deps.db.select().from(aiFacts).all()).toEqual([]);
  });
});

describe('facts.update', () => {
  it('changes only the fields given', async () => {
    const fact = await admin.facts.create({ ...valid, factDate: '2001-01-01' });
    const updated = await admin.facts.update({ id: fact.id, data: { active: false } });
    expect(updated).toEqual({ ...fact, active: false });
    const again = await admin.facts.update({
      id: fact.id,
      data: { factText: ' New text here ', source: 'New source', order: 0 },
    });
    expect(again).toEqual({
      ...fact,
      active: false,
      factText: 'New text here',
      source: 'New source',
      order: 0,
    });
    expect(await admin.facts.listAll()).toEqual([again]);
  });

  it.each(['', 'not a date'])('clears the fact date given as %j', async (factDate) => {
    const fact = await admin.facts.create({ ...valid, factDate: '2001-01-01' });
    expect((await admin.facts.update({ id: fact.id, data: { factDate } })).factDate).toBeNull();
  });

  it('sets a new fact date', async () => {
    const fact = await admin.facts.create(valid);
    const updated = await admin.facts.update({ id: fact.id, data: { factDate: '2016-03-15' } });
    expect(updated.factDate).toBe('2016-03-15T00:00:00.000Z');
  });

  it('answers the fact unchanged for an empty patch', async () => {
    const fact = await admin.facts.create(valid);
    expect(await admin.facts.update({ id: fact.id, data: {} })).toEqual(fact);
  });

  it.each([{ active: false }, {}])('answers NOT_FOUND for an unknown id with %j', async (data) => {
    const error = await failure(admin.facts.update({ id: 42, data }));
    expect([error.code, error.message]).toEqual(['NOT_FOUND', 'AI fact not found']);
  });

  it.each([
    [{ factText: 'abc' }, 'data.factText', MESSAGES.factText],
    [{ source: '' }, 'data.source', MESSAGES.source],
    [{ order: -3 }, 'data.order', MESSAGES.order],
    [{ factText: 'y'.repeat(1001) }, 'data.factText', MESSAGES.factTextMax],
  ])('refuses %j', async (data, path, message) => {
    const fact = await admin.facts.create(valid);
    expect(await issuesOf(admin.facts.update({ id: fact.id, data }))).toEqual([{ path, message }]);
    expect(await admin.facts.listAll()).toEqual([fact]);
  });

  it('refuses a visitor', async () => {
    const fact = await admin.facts.create(valid);
    const error = await failure(anonymous.facts.update({ id: fact.id, data: { active: false } }));
    expect(error.code).toBe('UNAUTHORIZED');
    expect((await admin.facts.listAll())[0]?.active).toBe(true);
  });
});

describe('facts.remove', () => {
  it('removes the fact and its tag links, leaving the tags', async () => {
    const [keep, gone] = await createFacts(undefined, undefined);
    const tag = await admin.tags.create({ name: 'history' });
    await admin.facts.addTag({ factId: keep!.id, tagId: tag.id });
    await admin.facts.addTag({ factId: gone!.id, tagId: tag.id });
    expect(await admin.facts.remove({ id: gone!.id })).toEqual({ success: true });
    expect(await admin.facts.listAll()).toEqual([keep]);
    expect(await linkCount(gone!.id)).toBe(0);
    expect(await linkCount(keep!.id)).toBe(1);
    expect(await admin.tags.list()).toEqual([tag]);
  });

  it('answers NOT_FOUND for an unknown id', async () => {
    expect((await failure(admin.facts.remove({ id: 5 }))).code).toBe('NOT_FOUND');
  });

  it('refuses a visitor', async () => {
    const fact = await admin.facts.create(valid);
    expect((await failure(anonymous.facts.remove({ id: fact.id }))).code).toBe('UNAUTHORIZED');
    expect(await admin.facts.listAll()).toHaveLength(1);
  });
});

describe('facts.move', () => {
  const idsOf = (list: { id: number }[]) => list.map((f) => f.id);

  it('swaps the display order with the neighbour below and above', async () => {
    const [a, b, c] = await createFacts(undefined, undefined, undefined);
    const down = await admin.facts.move({ id: a!.id, direction: 'down' });
    expect(idsOf(down)).toEqual([b!.id, a!.id, c!.id]);
    expect(down.map((f) => f.order)).toEqual([1, 2, 3]);
    const up = await admin.facts.move({ id: c!.id, direction: 'up' });
    expect(idsOf(up)).toEqual([b!.id, c!.id, a!.id]);
    expect(await admin.facts.listAll()).toEqual(up);
  });

  it('keeps gaps between orders, exchanging the two values', async () => {
    const [a, b] = await createFacts(10, 20);
    const list = await admin.facts.move({ id: b!.id, direction: 'up' });
    expect(list.map((f) => [f.id, f.order])).toEqual([
      [b!.id, 10],
      [a!.id, 20],
    ]);
  });

  it('changes nothing at either end', async () => {
    const [a, b] = await createFacts(undefined, undefined);
    const before = await admin.facts.listAll();
    expect(await admin.facts.move({ id: a!.id, direction: 'up' })).toEqual(before);
    expect(await admin.facts.move({ id: b!.id, direction: 'down' })).toEqual(before);
  });

  it('renumbers when facts share an order, so the move still happens', async () => {
    const [a, b, c, d] = await createFacts(5, 5, 5, 9);
    const list = await admin.facts.move({ id: b!.id, direction: 'down' });
    expect(idsOf(list)).toEqual([a!.id, c!.id, b!.id, d!.id]);
    expect(list.map((f) => f.order)).toEqual([1, 2, 3, 4]);
    const back = await admin.facts.move({ id: b!.id, direction: 'up' });
    expect(idsOf(back)).toEqual([a!.id, b!.id, c!.id, d!.id]);
  });

  it('moves across a tie further down the list correctly', async () => {
    // Swapping only the two values here would put the moved fact behind the tie's id order.
    const [a, b, c] = await createFacts(1, 2, 2);
    const list = await admin.facts.move({ id: c!.id, direction: 'up' });
    expect(idsOf(list)).toEqual([a!.id, c!.id, b!.id]);
  });

  it('writes both orders or neither', async () => {
    const [a, b] = await createFacts(undefined, undefined);
    // A trigger makes the second of the two writes fail, as a crash between them would.
    await writeTransaction(deps.db, (tx) =>
      tx.run(
        `CREATE TRIGGER fail_second BEFORE UPDATE ON ai_facts WHEN NEW.id = ${b!.id}
         BEGIN SELECT RAISE(ABORT, 'simulated failure'); END`,
      ),
    );
    expect((await failure(admin.facts.move({ id: a!.id, direction: 'down' }))).code).toBe(
      'INTERNAL_SERVER_ERROR',
    );
    await writeTransaction(deps.db, (tx) => tx.run('DROP TRIGGER fail_second'));
    expect((await admin.facts.listAll()).map((f) => [f.id, f.order])).toEqual([
      [a!.id, 1],
      [b!.id, 2],
    ]);
  });

  it('keeps orders distinct under many moves at once', async () => {
    const facts = await createFacts(...Array.from({ length: 6 }, () => undefined));
    await Promise.all(
      facts.flatMap((f) => [
        admin.facts.move({ id: f!.id, direction: 'down' }),
        admin.facts.move({ id: f!.id, direction: 'up' }),
      ]),
    );
    const orders = (await admin.facts.listAll()).map((f) => f.order);
    expect([...orders].sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('answers NOT_FOUND for an unknown id', async () => {
    expect((await failure(admin.facts.move({ id: 3, direction: 'up' }))).code).toBe('NOT_FOUND');
  });

  it('refuses a direction other than up or down', async () => {
    const fact = await admin.facts.create(valid);
    const issues = await issuesOf(admin.facts.move({ id: fact.id, direction: 'left' as 'up' }));
    expect(issues).toEqual([{ path: 'direction', message: 'Invalid input' }]);
  });

  it('refuses a visitor', async () => {
    const [a] = await createFacts(undefined, undefined);
    const error = await failure(anonymous.facts.move({ id: a!.id, direction: 'down' }));
    expect(error.code).toBe('UNAUTHORIZED');
  });
});

describe('facts.addTag and facts.removeTag', () => {
  async function factAndTag() {
    const fact = await admin.facts.create(valid);
    const tag = await admin.tags.create({ name: 'vision' });
    return { factId: fact.id, tagId: tag.id };
  }

  it('attaches a tag once however often it is asked', async () => {
    const link = await factAndTag();
    expect(await admin.facts.addTag(link)).toEqual({ success: true });
    expect(await admin.facts.addTag(link)).toEqual({ success: true });
    expect(await linkCount(link.factId)).toBe(1);
    expect((await admin.facts.byId({ id: link.factId })).tags.map((t) => t.name)).toEqual([
      'vision',
    ]);
  });

  it('detaches a tag, and detaching again still succeeds', async () => {
    const link = await factAndTag();
    await admin.facts.addTag(link);
    expect(await admin.facts.removeTag(link)).toEqual({ success: true });
    expect(await admin.facts.removeTag(link)).toEqual({ success: true });
    expect(await linkCount(link.factId)).toBe(0);
    expect(await admin.tags.list()).toHaveLength(1);
  });

  it('takes digit strings for both ids', async () => {
    const link = await factAndTag();
    await admin.facts.addTag({ factId: String(link.factId), tagId: String(link.tagId) });
    expect(await linkCount(link.factId)).toBe(1);
  });

  it.each(['addTag', 'removeTag'] as const)('%s names what is missing', async (name) => {
    const { factId, tagId } = await factAndTag();
    const call = (input: { factId: number; tagId: number }) => failure(admin.facts[name](input));
    expect((await call({ factId: 999, tagId })).message).toBe('AI fact not found');
    expect((await call({ factId, tagId: 999 })).message).toBe('Tag not found');
    const both = await call({ factId: 998, tagId: 999 });
    expect([both.code, both.message]).toEqual(['NOT_FOUND', 'AI fact and tag not found']);
    expect(await linkCount(factId)).toBe(0);
  });

  it.each(['addTag', 'removeTag'] as const)('%s refuses bad ids', async (name) => {
    expect(await issuesOf(admin.facts[name]({ factId: 'x', tagId: 0 }))).toEqual([
      { path: 'factId', message: MESSAGES.id },
      { path: 'tagId', message: MESSAGES.id },
    ]);
  });

  it.each(['addTag', 'removeTag'] as const)('%s refuses a visitor', async (name) => {
    const link = await factAndTag();
    if (name === 'removeTag') await admin.facts.addTag(link);
    expect((await failure(anonymous.facts[name](link))).code).toBe('UNAUTHORIZED');
    expect(await linkCount(link.factId)).toBe(name === 'removeTag' ? 1 : 0);
  });

  it('loses its links when the tag is deleted', async () => {
    const link = await factAndTag();
    await admin.facts.addTag(link);
    await writeTransaction(deps.db, (tx) => tx.delete(tags).where(eq(tags.id, link.tagId)));
    expect(await linkCount(link.factId)).toBe(0);
    expect((await admin.facts.byId({ id: link.factId })).tags).toEqual([]);
  });
});
