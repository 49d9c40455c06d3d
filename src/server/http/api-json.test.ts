/**
 * Every answer under /api is JSON labelled as JSON, tRPC's own early errors included, and
 * media types are matched without regard to case (RFC 9110), as the REST paths do.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp } from '#tests/support/app';

const JSON_TYPE = /^application\/json/;

async function answer(path: string, init: RequestInit = {}) {
  const { app } = await createTestApp();
  const res = await app.request(path, init);
  const text = await res.text();
  return { status: res.status, type: res.headers.get('content-type'), body: JSON.parse(text) };
}

describe('tRPC early errors are JSON', () => {
  it('a batch mixing a mutation and a query: 400 as JSON', async () => {
    const res = await answer('/api/trpc/admin.login,facts.listPublic?batch=1', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"0":{},"1":{}}',
    });
    expect(res.status).toBe(400);
    expect(res.type).toMatch(JSON_TYPE);
    expect(res.body).toMatchObject({ error: { data: { code: 'BAD_REQUEST' } } });
  });

  it('an unknown procedure, queried or mutated: 404 as JSON', async () => {
    for (const init of [
      { method: 'GET' },
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' },
    ]) {
      const res = await answer('/api/trpc/nope.nothing', init);
      expect(res.status).toBe(404);
      expect(res.type).toMatch(JSON_TYPE);
      expect(res.body).toMatchObject({ error: { data: { code: 'NOT_FOUND' } } });
    }
  });

  it('malformed JSON to a mutation: 400 as JSON', async () => {
    const res = await answer('/api/trpc/admin.login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{bad',
    });
    expect(res.status).toBe(400);
    expect(res.type).toMatch(JSON_TYPE);
  });
});

it('a malformed percent-escape in a procedure path: 400 with the error body, not 500', async () => {
  const res = await answer('/api/trpc/%ZZ');
  expect(res).toMatchObject({
    status: 400,
    body: { success: false, message: 'Malformed percent-encoding in the path' },
  });
  expect(res.type).toMatch(JSON_TYPE);
});

describe('media types ignore case', () => {
  const login = JSON.stringify({ username: 'nobody', password: 'wrong password' });

  it('tRPC accepts APPLICATION/JSON; charset=UTF-8 and judges the login', async () => {
    const res = await answer('/api/trpc/admin.login', {
      method: 'POST',
      headers: { 'content-type': 'APPLICATION/JSON; charset=UTF-8' },
      body: login,
    });
    expect(res.status).toBe(401);
    expect(res.type).toMatch(JSON_TYPE);
    expect(res.body).toMatchObject({ error: { message: 'Invalid username or password' } });
  });

  it('REST accepts Application/Json the same way', async () => {
    const res = await answer('/api/admin/login', {
      method: 'POST',
      headers: { 'content-type': 'Application/Json' },
      body: login,
    });
    expect(res).toMatchObject({
      status: 401,
      body: { success: false, message: 'Invalid username or password' },
    });
    expect(res.type).toMatch(JSON_TYPE);
  });
});
