/** backups.status (GET /api/backups/status): the Overview's card, through createCaller. */
import { expect, it } from 'vitest';
import { callerFor, createTestDeps, signedInCookie, testConfig } from '#tests/support/app';
import { tempFolder } from '#tests/support/database';
import { takeBackup } from './take-backup';

it('answers configured: false without BACKUP_*, and the last good backup with them', async () => {
  const off = await createTestDeps();
  const offCaller = callerFor(off, { cookie: await signedInCookie(off) }).caller;
  expect(await offCaller.backups.status()).toEqual({
    configured: false,
    places: [],
    everyHours: null,
    lastGood: null,
    lastFailure: null,
    warning: null,
  });

  const dir = tempFolder('backups-router-');
  const backups = { dir, s3: null, everyHours: 12, keep: 3 };
  const deps = await createTestDeps({ config: testConfig({ backups }) });
  const { caller } = callerFor(deps, { cookie: await signedInCookie(deps) });
  expect(await caller.backups.status()).toMatchObject({
    configured: true,
    places: [dir],
    everyHours: 12,
    lastGood: null,
    warning: 'No backup has been taken and checked yet.',
  });
  const outcome = await takeBackup({
    db: deps.db,
    backups,
    sessionSecret: deps.config.sessionSecret,
    clock: deps.clock,
  });
  expect(outcome.status).toBe('ok');
  expect(await caller.backups.status()).toMatchObject({
    lastGood: {
      at: deps.clock.now().toISOString(),
      key: outcome.status === 'ok' ? outcome.key : '',
      places: [dir],
    },
    warning: null,
  });
  // Signed out: refused like every admin procedure.
  await expect(callerFor(deps).caller.backups.status()).rejects.toThrow();
});
