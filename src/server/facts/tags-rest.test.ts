import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { writeTransaction } from '../../../db';
import { aiFactTags, tags } from '../../../db/schema';
import { MESSAGES } from '../../shared/messages';
import type { App } from '../http/app';
import type { TestDeps } from '../../../tests/support/app';
import {
  invalid,
  rest,
  signedInRestApp,
  UNAUTHORIZED,
  type AdminRest,
} from '../../../tests/support/rest';

let app: App;
let deps: TestDeps;
let asAdmin: AdminRest;

beforeEach(async () => {
  ({ app, deps, asAdmin } = await signedInRestApp());
});

describe('GET /api/tags', () => {
  it('answers the tags sorted by name ignoring case', async () => {
    for (const name of ['nlp', 'Vision', 'ethics', 'History']) {
      await asAdmin('POST', '/api/tags', { json: { name } });
    }
    const { status, body } = await asAdmin('GET', '/api/tags');
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      tags: ['ethics', 'History', 'nlp', 'Vision'].map((name) => ({
        id: expect.any(Number),
        name,
        createdAt: deps.clock.now().toISOString(),
      })),
    });
  });

  it('answers 401 without a session', async () => {
    expect(await rest(app, 'GET', '/api/tags')).toMatchObject({ status: 401, body: UNAUTHORIZED });
  });
});

describe('POST /api/tags', () => {
  it('creates a tag with its name trimmed and answers 201', async () => {
    expect(await asAdmin('POST', '/api/tags', { json: { name: '  Robotics ' } })).toMatchObject({
      status: 201,
      body: {
        success: true,
        tag: { id: 1, name: 'Robotics', createdAt: deps.clock.now().toISOString() },
      },
    });
  });

  it('answers 409 for the same name in any case', async () => {
    await asAdmin('POST', '/api/tags', { json: { name: 'Robotics' } });
    expect(await asAdmin('POST', '/api/tags', { json: { name: 'rOBOTICS' } })).toMatchObject({
      status: 409,
      body: { success: false, message: 'A tag named "rOBOTICS" already exists' },
    });
    expect(await deps.db.select().from(tags).all()).toHaveLength(1);
  });

  it.each([
    [{ name: '  ' }, MESSAGES.tagName],
    [{ name: 'n'.repeat(41) }, MESSAGES.tagNameMax],
    [{}, 'Required'],
    [{ name: 7 }, 'Invalid input'],
  ])('answers 400 for %j', async (json, message) => {
    expect(await asAdmin('POST', '/api/tags', { json })).toMatchObject({
      status: 400,
      body: invalid([{ path: 'name', message }]),
    });
  });

  it('answers 400 for an empty JSON body and 401 before it without a session', async () => {
    expect(await asAdmin('POST', '/api/tags', { raw: '' })).toMatchObject({
      status: 400,
      body: { success: false, message: 'Request body must be JSON' },
    });
    expect(await rest(app, 'POST', '/api/tags', { raw: '' })).toMatchObject({
      status: 401,
      body: UNAUTHORIZED,
    });
    expect(await rest(app, 'POST', '/api/tags', { json: { name: 'x' } })).toMatchObject({
      status: 401,
    });
    expect(await deps.db.select().from(tags).all()).toEqual([]);
  });

  it('loses its fact links when a tag is deleted', async () => {
    const fact = await asAdmin('POST', '/api/ai-facts', {
      json: { factText: 'Tagged fact', source: 'Somewhere' },
    });
    const factId = (fact.body as { fact: { id: number } }).fact.id;
    await asAdmin('POST', '/api/tags', { json: { name: 'temporary' } });
    await asAdmin('POST', `/api/ai-facts/${factId}/tags/1`);
    expect(await deps.db.select().from(aiFactTags).all()).toHaveLength(1);
    await writeTransaction(deps.db, (tx) => tx.delete(tags).where(eq(tags.id, 1)));
    expect(await deps.db.select().from(aiFactTags).all()).toEqual([]);
  });
});
