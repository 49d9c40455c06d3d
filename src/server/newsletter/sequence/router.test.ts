import { beforeEach, describe, expect, it } from 'vitest';
import { NEWSLETTER_MESSAGES } from '#shared/newsletter';
import { SEQUENCE_MESSAGES, type SequenceInput } from '#shared/newsletter-sequence';
import { procedureCallers, type Caller, type TestDeps } from '#tests/support/app';
import { auditEntries } from '#tests/support/audit';
import { failure, issuesOf } from '#tests/support/trpc-errors';
import { readSequence } from './sequence';

let deps: TestDeps;
let admin: Caller;
let anonymous: Caller;

beforeEach(async () => {
  ({ deps, admin, anonymous } = await procedureCallers());
});

const step = (days: number, subject = `Mail on day ${days}`) => ({
  subject,
  body: `Hello on **day ${days}**.`,
  days,
});
const SAVED: SequenceInput = { enabled: true, steps: [step(0), step(3)] };

describe('newsletterSequence', () => {
  it('is off with no mail before the first save', async () => {
    expect(await admin.newsletterSequence.get()).toEqual({ enabled: false, steps: [] });
  });

  it('saves the steps and answers them as saved, subjects trimmed, in an audited write', async () => {
    const given = { ...SAVED, steps: [{ ...step(0), subject: '  Welcome  ' }, step(3)] };
    const answer = await admin.newsletterSequence.save(given);
    expect(answer).toEqual({ enabled: true, steps: [{ ...step(0), subject: 'Welcome' }, step(3)] });
    expect(await admin.newsletterSequence.get()).toEqual(answer);
    const entries = (await auditEntries(deps.db)).filter((e) => e.action === 'sequence_updated');
    expect(entries.map(({ actor, target }) => ({ actor, target }))).toEqual([
      { actor: 'admin', target: 'on, 2 mails' },
    ]);
  });

  it('starts at the first save that turns it on, and keeps that start', async () => {
    await admin.newsletterSequence.save({ ...SAVED, enabled: false });
    expect((await readSequence(deps.db)).startedAt).toBeNull();
    const on = deps.clock.now();
    await admin.newsletterSequence.save(SAVED);
    deps.clock.advance(60_000);
    await admin.newsletterSequence.save({ ...SAVED, enabled: false });
    await admin.newsletterSequence.save(SAVED);
    expect((await readSequence(deps.db)).startedAt).toEqual(on);
  });

  it.each<[string, SequenceInput, string, string]>([
    [
      'a line break in a subject',
      { enabled: true, steps: [step(0), step(1, 'Hello\nthere')] },
      'steps.1.subject',
      NEWSLETTER_MESSAGES.subjectOneLine,
    ],
    [
      'an empty subject',
      { enabled: true, steps: [step(0, '   ')] },
      'steps.0.subject',
      NEWSLETTER_MESSAGES.subject,
    ],
    [
      'an empty body',
      { enabled: true, steps: [step(0), { ...step(2), body: '' }] },
      'steps.1.body',
      NEWSLETTER_MESSAGES.body,
    ],
    [
      'a body past the newsletter’s limit',
      { enabled: true, steps: [{ ...step(0), body: 'x'.repeat(50_001) }] },
      'steps.0.body',
      NEWSLETTER_MESSAGES.body,
    ],
    [
      'more than 4 steps',
      { enabled: true, steps: [step(0), step(1), step(2), step(3), step(4)] },
      'steps',
      SEQUENCE_MESSAGES.steps,
    ],
    ['61 days', { enabled: true, steps: [step(61)] }, 'steps.0.days', SEQUENCE_MESSAGES.days],
    ['negative days', { enabled: true, steps: [step(-1)] }, 'steps.0.days', SEQUENCE_MESSAGES.days],
    [
      'a part of a day',
      { enabled: true, steps: [step(1.5)] },
      'steps.0.days',
      SEQUENCE_MESSAGES.days,
    ],
    [
      'a step before the one above it',
      { enabled: true, steps: [step(0), step(7), step(3)] },
      'steps.2.days',
      SEQUENCE_MESSAGES.order,
    ],
  ])(
    'refuses %s with 400 naming the field, and changes nothing',
    async (_, input, path, message) => {
      await admin.newsletterSequence.save(SAVED);
      expect(await issuesOf(admin.newsletterSequence.save(input))).toEqual([{ path, message }]);
      expect(await admin.newsletterSequence.get()).toEqual(SAVED);
    },
  );

  it('accepts 4 steps, the same day twice, and day 60', async () => {
    const steps = [step(0), step(0, 'Also today'), step(30), step(60)];
    expect(await admin.newsletterSequence.save({ enabled: true, steps })).toEqual({
      enabled: true,
      steps,
    });
  });

  it('is refused signed out, and nothing changes', async () => {
    expect((await failure(anonymous.newsletterSequence.get())).code).toBe('UNAUTHORIZED');
    expect((await failure(anonymous.newsletterSequence.save(SAVED))).code).toBe('UNAUTHORIZED');
    expect(await admin.newsletterSequence.get()).toEqual({ enabled: false, steps: [] });
  });
});
