/**
 * Nothing that acts for someone stays readable in the database once its mail has gone
 * (docs/mail.md, "How long mail is kept"): each mail with a link or a code is sent through the
 * flow that writes it, then every text of every table is searched for those links and codes.
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { outbox } from '#db/schema';
import { createMailSender } from '#server/app/mail-sender';
import { mailsSettled, type MailMessage } from '#server/platform/mail';
import {
  callerFor,
  createTestDeps,
  signedInCookie,
  type RecordingMailer,
  type TestDeps,
} from '#tests/support/app';
import { saveBookingSettings } from '#tests/support/booking-settings';
import { storeSubscribersAs } from '#tests/support/newsletters';
import { insertUser } from '#tests/support/users';

/** Every text value of every row of every table, with where it is. */
async function everyText(deps: TestDeps): Promise<{ where: string; text: string }[]> {
  const tables = await deps.db.all<{ name: string }>(
    sql`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`,
  );
  const texts: { where: string; text: string }[] = [];
  for (const { name } of tables) {
    const rows = await deps.db.all<Record<string, unknown>>(
      sql`SELECT * FROM ${sql.identifier(name)}`,
    );
    for (const row of rows) {
      for (const [column, value] of Object.entries(row)) {
        if (typeof value === 'string') texts.push({ where: `${name}.${column}`, text: value });
      }
    }
  }
  return texts;
}

/** What acts for someone in a mail: the tokens in its links (text, HTML, headers, invitation), its code. */
function secretsOf(mail: MailMessage): string[] {
  const whole = [
    mail.text,
    mail.html ?? '',
    ...Object.values(mail.headers ?? {}),
    mail.calendar?.ics ?? '',
  ].join('\n');
  const links = whole.match(/https?:\/\/[^\s"'<>)]+/g) ?? [];
  const tokens = links.flatMap((link) => link.match(/[\w-]{20,}/g) ?? []);
  const code = /\b\d{6}\b/.exec(mail.text)?.[0];
  return [...new Set([...tokens, ...(code && /code/i.test(mail.subject) ? [code] : [])])];
}

it(
  'keeps no link or code of a sent mail readable anywhere in the database',
  { timeout: 60_000 },
  async () => {
    const deps = await createTestDeps();
    const mailer = deps.mailer as RecordingMailer;
    deps.clock.set(new Date('2026-06-01T06:00:00Z'));
    await insertUser(deps, 'owner', 'owner@example.com');
    const owner = callerFor(deps, { cookie: await signedInCookie(deps, 'owner') }).caller;
    const visitor = callerFor(deps, { ip: '198.51.100.9' }).caller;

    // An administrator's invitation.
    await owner.users.invite({ username: 'erin', email: 'erin@example.com' });
    // A booking's confirmation, with its manage link and invitation.
    await saveBookingSettings(deps.db, {}, deps.clock.now());
    await visitor.booking.book({
      start: '2026-06-02T08:00:00.000Z',
      name: 'Helen Marsh',
      email: 'helen@example.com',
      message: 'About forecasting our orders.',
      privacy: true,
    });
    // A proposal's link to the client's page, sent to the lead the booking made.
    const [lead] = (await owner.leads.list({})).leads;
    const { proposal } = await owner.proposals.create({
      id: lead!.id,
      title: 'Forecasting pilot',
      items: [{ description: 'Pilot', quantity: 1, unitAmount: 500_000 }],
    });
    await owner.proposals.send({ id: proposal.id });
    await mailsSettled(mailer);
    // Accepting it with another address than the lead's mails a code to that address first.
    const proposalMail = mailer.sent.find((m) => m.subject.startsWith('Proposal P-2026-1'));
    const proposalToken = /\/p\/([\w-]{43})/.exec(proposalMail?.text ?? '')?.[1] ?? '';
    await expect(
      visitor.proposalClientPage.accept({
        token: proposalToken,
        name: 'Helen Marsh',
        email: 'helen.marsh@elsewhere.example',
        agree: true,
      }),
    ).rejects.toThrow(/code/i);
    // A newsletter's confirmation link.
    await visitor.newsletter.subscribe({ email: 'reader@example.com' });
    // A password reset's link, then the sign-in code that finishes it.
    await visitor.passwordReset.request({ name: 'owner' });
    await mailsSettled(mailer);
    const reset = mailer.sent.find((m) => m.text.includes('/admin/reset-password'));
    const resetToken = /token=([\w-]+)/.exec(reset?.text ?? '')?.[1] ?? '';
    expect(
      await visitor.passwordReset.choose({ token: resetToken, password: 'a long new password' }),
    ).toMatchObject({ requiresTwoFactor: true });
    // A newsletter issue, with its unsubscribe link and one-click header.
    await storeSubscribersAs(deps, 'confirmed', ['ada@example.com']);
    const issue = await owner.newsletters.create({ subject: 'Spring news', body: 'Hello.' });
    await owner.newsletters.send({ id: issue.id });
    const sender = createMailSender(deps, { id: 'secrets-test' });
    try {
      while ((await sender.turn()).kind === 'worked');
    } finally {
      await sender.stop();
    }
    await mailsSettled(mailer);

    const subjects = mailer.sent.map((m) => m.subject).join(' | ');
    for (const kind of [
      /invited to administer/,
      /Your call with/,
      /Confirm your subscription/,
      /Choose a new password/,
      /Your sign-in code/,
      /Spring news/,
      /Proposal P-2026-1/,
      /Your code to accept proposal P-2026-1/,
    ]) {
      expect(subjects).toMatch(kind);
    }
    const secrets = mailer.sent.flatMap(secretsOf);
    expect(secrets.length).toBeGreaterThanOrEqual(8);
    const unsent = await deps.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(sql`${outbox.status} <> 'sent'`)
      .all();
    expect(unsent).toEqual([]);

    const texts = await everyText(deps);
    const found = secrets.flatMap((secret) =>
      texts
        .filter(({ text }) => new RegExp(`(^|[^\\w-])${secret}($|[^\\w-])`).test(text))
        .map(({ where }) => `${secret.slice(0, 6)}… in ${where}`),
    );
    expect(found).toEqual([]);
  },
);
