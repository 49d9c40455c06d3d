/**
 * Two instances on one database (two connections to the file, or two clients of one libSQL
 * server): publishes of one testimonial sent to both at once all answer it published, and the
 * audit log has one `testimonial_published`; a publish without consent on either changes
 * nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type Db } from '#db';
import { testimonials } from '#db/schema';
import { callerFor, createTestDeps, signedInCookie, type Caller } from '#tests/support/app';
import { auditEntries } from '#tests/support/audit';
import { openTestDatabase } from '#tests/support/database';

let dbA: Db;
let dbB: Db;
let callers: [Caller, Caller];

beforeEach(async () => {
  const { db, target } = await openTestDatabase();
  await closeDatabase(db);
  dbA = await openDatabase(target);
  dbB = await openDatabase(target);
  const depsA = await createTestDeps({ db: dbA });
  const depsB = await createTestDeps({ db: dbB });
  const cookie = await signedInCookie(depsA);
  callers = [callerFor(depsA, { cookie }).caller, callerFor(depsB, { cookie }).caller];
});

afterEach(async () => {
  await closeDatabase(dbA);
  await closeDatabase(dbB);
});

const codes = (results: PromiseSettledResult<unknown>[]) =>
  results.map((r) => (r.status === 'fulfilled' ? 'ok' : (r.reason as { code: string }).code));

describe('testimonials on two instances', () => {
  it('publishes at once on both: every one answers published, one audit entry', async () => {
    const { testimonial } = await callers[0].testimonials.create({
      quote: 'Faster.',
      name: 'Ada Lovelace',
      consent: { at: '2026-01-10', how: 'e-mail of 10 January' },
    });
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) =>
        callers[i % 2]!.testimonials.publish({ id: testimonial.id }),
      ),
    );
    expect(codes(results)).toEqual(Array(6).fill('ok'));
    const audit = await auditEntries(dbB);
    expect(audit.filter((e) => e.action === 'testimonial_published')).toHaveLength(1);
  });

  it('publishes without consent at once on both: every one 400, still a draft', async () => {
    const { testimonial } = await callers[0].testimonials.create({ quote: 'x', name: 'Bo' });
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, (_, i) =>
        callers[i % 2]!.testimonials.publish({ id: testimonial.id }),
      ),
    );
    expect(codes(results)).toEqual(Array(4).fill('BAD_REQUEST'));
    expect((await dbA.select().from(testimonials).all())[0]?.status).toBe('draft');
  });

  it('deleting the entry a testimonial belongs to clears its entryId, on either driver', async () => {
    const { entry } = await callers[0].entries.create({
      kind: 'insight',
      title: 'Evals',
      summary: 'First.',
      body: 'Text',
    });
    const { testimonial } = await callers[0].testimonials.create({
      quote: 'x',
      name: 'Bo',
      entryId: entry.id,
    });
    await callers[1].entries.remove({ id: entry.id });
    const { testimonials: listed } = await callers[1].testimonials.list({});
    expect(listed.map((t) => [t.id, t.entryId])).toEqual([[testimonial.id, null]]);
  });
});
