/**
 * The assistant's caps on two instances sharing one database (two connections to the file,
 * or two clients of one libSQL server): questions sent at once never get past the address's
 * hour or the site's day, and the refused ones reach no model (docs/assistant.md, "Caps").
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, writeTransaction, type Db } from '#db';
import { assistantDays } from '#db/schema';
import { createApp } from '#server/app/app';
import { AI_ON, streamingModel } from '#tests/support/ai';
import { createTestDeps, signedInCookie, testConfig } from '#tests/support/app';
import { saveContent } from '#tests/support/content';
import { openTestDatabase } from '#tests/support/database';
import { rest } from '#tests/support/rest';
import { SITE_DAILY_QUESTIONS } from './counts';

let dbA: Db;
let dbB: Db;
let apps: ReturnType<typeof createApp>[];
let models: ReturnType<typeof streamingModel>[];

beforeEach(async () => {
  const { db, target } = await openTestDatabase();
  await closeDatabase(db);
  dbA = await openDatabase(target);
  dbB = await openDatabase(target);
  const config = testConfig({ ...AI_ON, trustProxy: true });
  models = [streamingModel(['Yes [1].']), streamingModel(['Yes [1].'])];
  const deps = [
    await createTestDeps({ db: dbA, config, aiModel: models[0] }),
    await createTestDeps({ db: dbB, config, aiModel: models[1] }),
  ];
  apps = deps.map((d) => createApp(d));
  await saveContent(deps[0]!, (content) => {
    content.services[0].description = 'We read insurance claims for adjusters.';
  });
  const cookie = await signedInCookie(deps[0]!);
  await rest(apps[0]!, 'PUT', '/api/assistant/settings', { cookie, json: { enabled: true } });
});

afterEach(async () => {
  await closeDatabase(dbA);
  await closeDatabase(dbB);
});

/** The i-th question, from `ip`, each with a browser of its own (the cap is the address's). */
function ask(i: number, ip = '203.0.113.7') {
  return apps[i % 2]!.request('/api/assistant', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': `Visitor/${i}`,
      'x-forwarded-for': ip,
    },
    body: JSON.stringify({ messages: [{ role: 'user', content: 'Insurance claims?' }] }),
  });
}

const sent = () => models[0]!.doStreamCalls.length + models[1]!.doStreamCalls.length;

describe('the assistant caps on two instances', () => {
  it('25 questions at once from one address, each with another User-Agent: 20 reach a model, 5 are 429', async () => {
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => ask(i)));
    await Promise.all(answers.map((a) => a.text()));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    expect(sent()).toBe(20);
  });

  it('the last 5 of the day for the site, 10 visitors at once: 5 reach a model', async () => {
    await writeTransaction(dbA, (tx) =>
      tx
        .insert(assistantDays)
        .values({ day: '2026-01-15', asked: SITE_DAILY_QUESTIONS - 5 })
        .run(),
    );
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => ask(i, `198.51.100.${i}`)),
    );
    await Promise.all(answers.map((a) => a.text()));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(sent()).toBe(5);
    const [day] = await dbB.select().from(assistantDays).all();
    expect(day?.asked).toBe(SITE_DAILY_QUESTIONS);
  });
});
