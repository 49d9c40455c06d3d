import { beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import type { Fact } from '#shared/shapes/facts';
import { adminCaller, callerFor, createTestDeps, type TestDeps } from '#tests/support/app';
import { failure, issuesOf } from '#tests/support/trpc-errors';

type Admin = Awaited<ReturnType<typeof adminCaller>>;

let deps: TestDeps;
let admin: Admin;

beforeEach(async () => {
  deps = await createTestDeps();
  admin = await adminCaller(deps);
});

async function createFacts(count: number, order?: number): Promise<Fact[]> {
  const created: Fact[] = [];
  for (let i = 0; i < count; i++) {
    created.push(
      await admin.facts.create({ factText: `Fact number ${i + 1}`, source: 'A source', order }),
    );
  }
  return created;
}

const idsOf = (list: Fact[]) => list.map((f) => f.id);

describe('facts.reorder', () => {
  it('puts a fact before another one further up, renumbering 1..n', async () => {
    const [a, b, c, d] = await createFacts(4);
    const list = await admin.facts.reorder({ id: d!.id, targetId: b!.id, position: 'before' });
    expect(idsOf(list)).toEqual([a!.id, d!.id, b!.id, c!.id]);
    expect(list.map((f) => f.order)).toEqual([1, 2, 3, 4]);
    expect(idsOf(await admin.facts.listAll())).toEqual(idsOf(list));
  });

  it('puts a fact after another one further down', async () => {
    const [a, b, c, d] = await createFacts(4);
    const list = await admin.facts.reorder({ id: a!.id, targetId: c!.id, position: 'after' });
    expect(idsOf(list)).toEqual([b!.id, c!.id, a!.id, d!.id]);
  });

  it('moves to either end', async () => {
    const [a, b, c] = await createFacts(3);
    expect(
      idsOf(await admin.facts.reorder({ id: c!.id, targetId: a!.id, position: 'before' })),
    ).toEqual([c!.id, a!.id, b!.id]);
    expect(
      idsOf(await admin.facts.reorder({ id: c!.id, targetId: b!.id, position: 'after' })),
    ).toEqual([a!.id, b!.id, c!.id]);
  });

  it('changes nothing when dropped onto its own place', async () => {
    const [a, b, c] = await createFacts(3);
    for (const input of [
      { id: b!.id, targetId: b!.id, position: 'before' as const },
      { id: b!.id, targetId: a!.id, position: 'after' as const },
      { id: b!.id, targetId: c!.id, position: 'before' as const },
    ]) {
      const list = await admin.facts.reorder(input);
      expect(idsOf(list)).toEqual([a!.id, b!.id, c!.id]);
    }
  });

  it('orders facts that shared one display order', async () => {
    const [a, b, c] = await createFacts(3, 7);
    const list = await admin.facts.reorder({ id: a!.id, targetId: c!.id, position: 'after' });
    expect(idsOf(list)).toEqual([b!.id, c!.id, a!.id]);
    expect(list.map((f) => f.order)).toEqual([1, 2, 3]);
  });

  it('writes the whole new arrangement or none of it', async () => {
    const [a, b, c] = await createFacts(3);
    // A trigger makes a later write of the renumbering fail, as a crash part-way would.
    await writeTransaction(deps.db, (tx) =>
      tx.run(
        `CREATE TRIGGER fail_one BEFORE UPDATE ON ai_facts WHEN NEW.id = ${b!.id}
         BEGIN SELECT RAISE(ABORT, 'simulated failure'); END`,
      ),
    );
    const error = await failure(
      admin.facts.reorder({ id: c!.id, targetId: a!.id, position: 'before' }),
    );
    expect(error.code).toBe('INTERNAL_SERVER_ERROR');
    await writeTransaction(deps.db, (tx) => tx.run('DROP TRIGGER fail_one'));
    expect((await admin.facts.listAll()).map((f) => [f.id, f.order])).toEqual([
      [a!.id, 1],
      [b!.id, 2],
      [c!.id, 3],
    ]);
  });

  it('keeps orders distinct under many reorders at once', async () => {
    const facts = await createFacts(6);
    await Promise.all(
      facts.map((f, i) =>
        admin.facts.reorder({
          id: f.id,
          targetId: facts[(i + 3) % facts.length]!.id,
          position: i % 2 ? 'before' : 'after',
        }),
      ),
    );
    const orders = (await admin.facts.listAll()).map((f) => f.order);
    expect(orders).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('answers NOT_FOUND when the fact or the target is unknown', async () => {
    const [a] = await createFacts(1);
    const unknown = a!.id + 100;
    for (const input of [
      { id: unknown, targetId: a!.id },
      { id: a!.id, targetId: unknown },
    ]) {
      expect((await failure(admin.facts.reorder({ ...input, position: 'before' }))).code).toBe(
        'NOT_FOUND',
      );
    }
  });

  it('refuses a bad id or position', async () => {
    expect(
      await issuesOf(
        // A position the schema does not know, as an untyped client could send.
        admin.facts.reorder({ id: 1, targetId: 2, position: 'middle' as 'before' }),
      ),
    ).toEqual([expect.objectContaining({ path: 'position' })]);
    expect(await issuesOf(admin.facts.reorder({ id: 1, targetId: 0, position: 'after' }))).toEqual([
      expect.objectContaining({ path: 'targetId' }),
    ]);
  });

  it('refuses a visitor', async () => {
    const anonymous = callerFor(deps).caller;
    const error = await failure(anonymous.facts.reorder({ id: 1, targetId: 2, position: 'after' }));
    expect(error.code).toBe('UNAUTHORIZED');
  });
});
