/**
 * Two instances sending one newsletter on one database (docs/newsletter.md, "Sending"): the
 * recipients' hand-over and the outbox's claims decide who sends what, so this runs on both
 * drivers (vite.config.ts, SQLD_TESTS). The rest of the sending rules are in sender.test.ts.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { outbox } from '#db/schema';
import { addresses } from '#tests/support/newsletters';
import { HANDOVER_WINDOW } from './recipient-queue';
import {
  admin,
  anotherSender,
  deps,
  RATE,
  sender,
  sendTo,
  sentLines,
  setUp,
  sink,
  stopStarted,
} from '#tests/support/newsletter-sender';

beforeEach(() => setUp());
afterEach(stopStarted);

it('two instances sending one newsletter send each mail once', async () => {
  const readers = addresses('reader', HANDOVER_WINDOW + 10);
  await sendTo(readers);
  const other = anotherSender('other-sender');
  // Round after round, both take their turn, until neither has anything left to do (about 18
  // rounds; the bound is three rounds a reader). Idle rounds after that only read: they cost
  // a libSQL server seconds and proved nothing more.
  for (let round = 0; round < readers.length * 3; round++) {
    const turns = await Promise.all([sender.turn(), other.turn()]);
    if (turns.every((turn) => turn.kind === 'idle')) break;
    deps.clock.advance(60_000 / RATE);
  }
  expect(sink.mails.map((m) => m.to).sort()).toEqual([...readers].sort());
  const claimedBy = new Set(
    (await deps.db.select({ by: outbox.claimedBy }).from(outbox).all()).map((r) => r.by),
  );
  expect(claimedBy).toEqual(new Set(['test-sender', 'other-sender']));
  expect(await admin.newsletters.byId({ id: 1 })).toMatchObject({
    status: 'sent',
    sent: readers.length,
  });
  expect(sentLines()).toHaveLength(1);
});
