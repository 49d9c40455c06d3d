/**
 * A sign-in's username is bound into queries before it is validated (the throttle counts the
 * attempt first). Text with an unpaired surrogate has no UTF-8 form: a libSQL server refuses
 * the whole request for it (HTTP 400 "Cannot deserialize client message"), which once made
 * this a 500 there. Both modes must answer it as bad input.
 */
import { beforeEach, expect, it } from 'vitest';
import { throttleEvents } from '#db/schema';
import { createTestApp, type TestDeps } from '#tests/support/app';
import { rest } from '#tests/support/rest';
import type { App } from '#server/app/app';
import { unknownNameBucket } from '../ways-in/login-throttle';

let app: App;
let deps: TestDeps;

beforeEach(async () => {
  ({ app, deps } = await createTestApp());
});

it('answers 400 for a username with a lone surrogate (its place in the throttle given back)', async () => {
  for (const username of ['\ud800', 'ali\udc00ce', 'x\ud83d']) {
    const res = await rest(app, 'POST', '/api/admin/login', {
      json: { username, password: 'whatever it is' },
    });
    expect(res.status).toBe(400);
    expect((res.body as { message: string }).message).toMatch(/broken character/);
  }
  // Counted before validation, then freed: invalid input judges no password.
  expect(await deps.db.select().from(throttleEvents).all()).toEqual([]);
});

it('counts a name with a lone surrogate under the key of its well-formed spelling', () => {
  const secret = deps.config.sessionSecret;
  expect(unknownNameBucket(secret, 'ALI\udc00CE')).toBe(unknownNameBucket(secret, 'ali\ufffdce'));
});

it('counts an unknown name in any case, emoji included, under one key that does not show it', () => {
  const secret = deps.config.sessionSecret;
  const bucket = unknownNameBucket(secret, ' Ali😀Ce ');
  expect(bucket).toBe(unknownNameBucket(secret, 'ali😀ce'));
  expect(bucket).toMatch(/^login-fail:name:[\w-]{22}$/);
  expect(unknownNameBucket(secret, 'bob')).not.toBe(bucket);
});
