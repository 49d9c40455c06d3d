/**
 * Contact messages sent at once (docs/leads.md): each is one statement batch (the throttle's
 * place, the lead, the message, its timeline), so whether twenty at once make one lead, a
 * hundred are all stored and the throttle lets five through depends on the driver. On both
 * drivers (vite.config.ts, SQLD_TESTS); the form's other rules are in router.test.ts.
 */
import { beforeEach, expect, it } from 'vitest';
import { leadEvents, leads } from '#db/schema';
import { mailsSettled } from '#server/platform/mail';
import { deps, mailer, message, send, setup, stored } from '#tests/support/contact-fixtures';

beforeEach(() => setup());

it('makes one lead when twenty messages from one new address arrive at once', async () => {
  const addresses = Array.from({ length: 20 }, (_, i) => `198.51.100.${i + 1}`);
  await Promise.all(
    addresses.map((ip, i) =>
      send({ ...message, email: i % 2 ? 'BEA@example.com' : 'bea@example.com' }, ip),
    ),
  );
  const made = await deps.db.select({ id: leads.id }).from(leads).all();
  expect(made).toHaveLength(1);
  expect(new Set((await stored()).map((row) => row.leadId))).toEqual(new Set([made[0]?.id]));
  expect(await deps.db.select().from(leadEvents).all()).toHaveLength(20);
});

it('stores 100 messages sent at once', async () => {
  const results = await Promise.all(
    Array.from({ length: 100 }, (_, i) =>
      send({ ...message, message: `Message number ${i} for you` }, `10.0.${i >> 8}.${i & 255}`),
    ),
  );
  expect(results.every((r) => r.success)).toBe(true);
  expect(new Set((await stored()).map((c) => c.message)).size).toBe(100);
  await mailsSettled(mailer);
  expect(mailer.sent).toHaveLength(100);
});

it('lets no more than 5 through when they arrive at once', async () => {
  const results = await Promise.allSettled(Array.from({ length: 12 }, () => send(message)));
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
  expect(await stored()).toHaveLength(5);
});
