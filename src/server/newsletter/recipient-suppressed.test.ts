/**
 * A newsletter skips an address on the suppression list (docs/mail.md, "Suppression"): its
 * recipient row is settled `skipped` at its turn, never claimed, whether the address was
 * suppressed before the send or during it; every other reason keeps the address's mail.
 */
import { beforeEach, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import type { SuppressionReason } from '#shared/outbox';
import { suppressAddress } from '#server/platform/outbox/suppression';
import { adminCaller, createTestDeps, type Caller, type TestDeps } from '#tests/support/app';
import { addresses, recipientsOf, storeSubscribersAs } from '#tests/support/newsletters';
import { claimNext, SUPPRESSED_SKIP } from './recipient-queue';

let deps: TestDeps;
let admin: Caller;

beforeEach(async () => {
  deps = await createTestDeps();
  admin = await adminCaller(deps);
});

const suppress = (email: string, reason: SuppressionReason) =>
  writeTransaction(deps.db, (tx) =>
    suppressAddress(tx, { email, reason, detail: '' }, deps.clock.now()),
  );

/** Claims until nothing is due; answers the addresses claimed, in order. */
async function claimAll(): Promise<string[]> {
  const claimed: string[] = [];
  for (;;) {
    const claim = await claimNext(deps.db, {
      now: deps.clock.now(),
      claimedBy: 'test',
      secret: deps.config.sessionSecret,
    });
    if (claim.kind === 'none') return claimed;
    if (claim.kind === 'claimed') claimed.push(claim.recipient.email);
  }
}

it('skips an address suppressed before the send and one suppressed during it', async () => {
  await storeSubscribersAs(deps, 'confirmed', addresses('reader', 4));
  // Any reason, in any letter case: nothing bulk goes to a suppressed address.
  await suppress('READER1@example.com', 'manual');
  await admin.newsletters.create({ subject: 'Spring news', body: 'Hello.' });
  await admin.newsletters.send({ id: 1 });
  await suppress('reader3@example.com', 'hard_bounce');

  expect(await claimAll()).toEqual(['reader2@example.com', 'reader4@example.com']);
  const rows = await recipientsOf(deps.db, 1);
  expect(rows.map((row) => [row.email, row.status, row.lastError, row.attempts])).toEqual([
    ['reader1@example.com', 'skipped', SUPPRESSED_SKIP, 0],
    ['reader2@example.com', 'sending', null, 1],
    ['reader3@example.com', 'skipped', SUPPRESSED_SKIP, 0],
    ['reader4@example.com', 'sending', null, 1],
  ]);
  expect(await admin.newsletters.byId({ id: 1 })).toMatchObject({ total: 4, failed: 0 });
});
