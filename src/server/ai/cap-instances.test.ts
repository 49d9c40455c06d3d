/**
 * The month's cap on two instances sharing one database (two connections to the file, or two
 * clients of one libSQL server): 20 calls at once never send more than the cap allows, and
 * the calls refused send nothing to the model (docs/ai.md, "Limits").
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type Db } from '#db';
import { aiUsage } from '#db/schema';
import { createTestDeps, testConfig, type TestDeps } from '#tests/support/app';
import { AI_ON, mockModel } from '#tests/support/ai';
import { openTestDatabase } from '#tests/support/database';
import { askModel, estimateTokens, AI_LIMIT_REACHED, type Question } from './ask';

const question: Question = {
  feature: 'test',
  instructions: 'Answer with one word.',
  data: { message: 'hello' },
  maxOutputTokens: 10,
};
/** Room for exactly this many calls (each reports less than it reserved). */
const ROOM = 7;

let dbA: Db;
let dbB: Db;
let instances: [TestDeps, TestDeps];
let models: ReturnType<typeof mockModel>[];

beforeEach(async () => {
  const { db, target } = await openTestDatabase();
  await closeDatabase(db);
  dbA = await openDatabase(target);
  dbB = await openDatabase(target);
  const config = testConfig({ ...AI_ON, aiMonthlyTokens: ROOM * estimateTokens(question) });
  models = [mockModel('ok', { delayMs: 20 }), mockModel('ok', { delayMs: 20 })];
  instances = [
    await createTestDeps({ db: dbA, config, aiModel: models[0] }),
    await createTestDeps({ db: dbB, config, aiModel: models[1] }),
  ];
});

afterEach(async () => {
  await closeDatabase(dbA);
  await closeDatabase(dbB);
});

describe('the monthly AI cap on two instances', () => {
  it('20 calls at once: only the reserved room reaches the models, the rest are 429', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => askModel(instances[i % 2]!, question)),
    );
    const sent = models[0]!.doGenerateCalls.length + models[1]!.doGenerateCalls.length;
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    expect(ok).toBe(ROOM);
    expect(sent).toBe(ROOM);
    for (const result of results) {
      if (result.status === 'rejected') {
        expect(result.reason).toMatchObject({
          code: 'TOO_MANY_REQUESTS',
          message: AI_LIMIT_REACHED,
        });
      }
    }
    // Every call settled: its real tokens recorded, nothing left reserved.
    const rows = await dbB.select().from(aiUsage).all();
    expect(rows).toHaveLength(ROOM);
    expect(rows.every((row) => row.reserved === 0 && row.inputTokens === 40)).toBe(true);
  });
});
