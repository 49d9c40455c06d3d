/**
 * No link or code a mail carries is ever written to the database in clear (docs/mail.md, "How
 * long mail is kept"): SQLite keeps old pages in its `-wal` file and in free pages, so the
 * files themselves are read as bytes, not the tables through SQL. Each mail that acts for
 * someone is made by the flow that makes it, and the database file, its `-wal` and a fresh
 * backup (decompressed) are searched for every link's token and every code twice: while the
 * mails wait to go (the mailer holds them), and once they have gone.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { sqliteFileOf } from '#db';
import { createMailSender } from '#server/app/mail-sender';
import { takeBackup } from '#server/backups/take-backup';
import { mailsSettled, type MailMessage, type Mailer } from '#server/platform/mail';
import { callerFor, createTestDeps, signedInCookie, type TestDeps } from '#tests/support/app';
import { saveBookingSettings } from '#tests/support/booking-settings';
import { tempFolder } from '#tests/support/database';
import { storeSubscribersAs } from '#tests/support/newsletters';
import { insertUser } from '#tests/support/users';

interface HoldingMailer extends Mailer {
  /** Every message handed to the mailer, held or gone. */
  seen: MailMessage[];
  /** Lets every held mail go, and every later one at once. */
  release(): void;
}

/** A mailer that keeps each mail in hand until released: the outbox row waits meanwhile. */
function holdingMailer(): HoldingMailer {
  let open = false;
  const waiting: (() => void)[] = [];
  const mailer: HoldingMailer = {
    canDeliver: true,
    seen: [],
    async send(message) {
      mailer.seen.push(message);
      if (!open) await new Promise<void>((resolve) => waiting.push(resolve));
      return `<${randomUUID()}@example.com>`;
    },
    release() {
      open = true;
      waiting.splice(0).forEach((go) => go());
    },
  };
  return mailer;
}

/** Each kind of mail that acts for someone, by its subject. */
const KINDS = {
  invitation: /invited to administer/,
  'booking manage link': /^Your call with/,
  'proposal link': /^Proposal P-2026-1/,
  'proposal accept code': /^Your code to accept proposal P-2026-1/,
  'newsletter confirmation': /^Confirm your subscription/,
  'password reset': /^Choose a new password/,
  'sign-in code': /^Your sign-in code/,
  'newsletter unsubscribe': /^Spring news/,
} as const;

/** What acts for someone in a mail: the tokens in its links (any part, header or file), its code. */
function secretsOf(mail: MailMessage): string[] {
  const whole = [
    mail.text,
    mail.html ?? '',
    ...Object.values(mail.headers ?? {}),
    mail.calendar?.ics ?? '',
  ].join('\n');
  const links = whole.match(/https?:\/\/[^\s"'<>)]+/g) ?? [];
  const tokens = links.flatMap((link) => link.match(/[\w-]{20,}/g) ?? []);
  const code = /code/i.test(mail.subject) ? /\b\d{6}\b/.exec(mail.text)?.[0] : undefined;
  return [...new Set([...tokens, ...(code ? [code] : [])])];
}

/**
 * Whether the bytes hold the secret. A token is looked for by its first and its last 20
 * characters, so one split by an overflow page's boundary is still found; a code as six
 * digits that are not part of a longer number.
 */
function holds(bytes: string, secret: string): boolean {
  if (/^\d{6}$/.test(secret)) return new RegExp(`(?<!\\d)${secret}(?!\\d)`).test(bytes);
  return bytes.includes(secret.slice(0, 20)) || bytes.includes(secret.slice(-20));
}

let backups = 0;

/** The database file, its -wal and a backup taken now, each as bytes (latin1: one char a byte). */
async function filesOf(deps: TestDeps): Promise<{ where: string; bytes: string }[]> {
  const file = sqliteFileOf(deps.db)?.name ?? '';
  const files = [file, `${file}-wal`]
    .filter((name) => existsSync(name))
    .map((name) => ({ where: path.basename(name), bytes: readFileSync(name).toString('latin1') }));
  const dir = tempFolder('disk-secrets-');
  deps.clock.set(new Date(deps.clock.now().getTime() + ++backups * 1000));
  const outcome = await takeBackup({
    db: deps.db,
    backups: { dir, s3: null, everyHours: 24, keep: 3 },
    sessionSecret: deps.config.sessionSecret,
    clock: deps.clock,
  });
  expect(outcome.status).toBe('ok');
  const key = readdirSync(dir).find((name) => name.endsWith('.gz')) ?? '';
  const backup = gunzipSync(readFileSync(path.join(dir, key))).toString('latin1');
  return [...files, { where: 'backup', bytes: backup }];
}

async function secretsFoundOnDisk(deps: TestDeps, mails: MailMessage[]): Promise<string[]> {
  const files = await filesOf(deps);
  expect(files.map((f) => f.where)).toEqual(['app.db', 'app.db-wal', 'backup']);
  return mails.flatMap((mail) =>
    secretsOf(mail).flatMap((secret) =>
      files
        .filter(({ bytes }) => holds(bytes, secret))
        .map(({ where }) => `${secret.slice(0, 6)}… of "${mail.subject}" in ${where}`),
    ),
  );
}

it(
  'writes no link or code of a mail in clear to the database file, its -wal or a backup, before or after it goes',
  { timeout: 90_000 },
  async () => {
    const mailer = holdingMailer();
    const deps = await createTestDeps({ mailer });
    deps.clock.set(new Date('2026-06-01T06:00:00Z'));
    await insertUser(deps, 'owner', 'owner@example.com');
    const owner = callerFor(deps, { cookie: await signedInCookie(deps, 'owner') }).caller;
    const visitor = callerFor(deps, { ip: '198.51.100.9' }).caller;
    const sender = createMailSender(deps, { id: 'disk-secrets' });
    const held = async (subject: RegExp): Promise<MailMessage> => {
      await expect
        .poll(() => mailer.seen.some((m) => subject.test(m.subject)), {
          timeout: 20_000,
          message: `${subject} among ${mailer.seen.map((m) => m.subject).join(' | ')}`,
        })
        .toBe(true);
      return mailer.seen.find((m) => subject.test(m.subject)) as MailMessage;
    };

    // A newsletter first: the sender's turns hand it to the outbox, then hold its one mail,
    // and every other mail goes from the request or the queueing that made it.
    await storeSubscribersAs(deps, 'confirmed', ['ada@example.com']);
    const issue = await owner.newsletters.create({ subject: 'Spring news', body: 'Hello.' });
    await owner.newsletters.send({ id: issue.id });
    const turning = (async () => {
      while ((await sender.turn()).kind === 'worked');
    })();
    await held(KINDS['newsletter unsubscribe']);

    await owner.users.invite({ username: 'erin', email: 'erin@example.com' });
    await saveBookingSettings(deps.db, {}, deps.clock.now());
    await visitor.booking.book({
      start: '2026-06-02T08:00:00.000Z',
      name: 'Helen Marsh',
      email: 'helen@example.com',
      message: 'About forecasting our orders.',
      privacy: true,
    });
    const [lead] = (await owner.leads.list({})).leads;
    const { proposal } = await owner.proposals.create({
      id: lead!.id,
      title: 'Forecasting pilot',
      items: [{ description: 'Pilot', quantity: 1, unitAmount: 500_000 }],
    });
    // Sending waits for the mail to go (or to be held): it is awaited once released.
    const sendingProposal = owner.proposals.send({ id: proposal.id });
    const proposalMail = await held(KINDS['proposal link']);
    const proposalToken = /\/p\/([\w-]{43})/.exec(proposalMail.text)?.[1] ?? '';
    // Accepting with another address than the lead's mails a code there first; the request
    // sends it itself, so it waits while the mailer holds it.
    const accepting = visitor.proposalClientPage
      .accept({
        token: proposalToken,
        name: 'Helen Marsh',
        email: 'helen.marsh@elsewhere.example',
        agree: true,
      })
      .then(
        () => 'accepted',
        (error: Error) => error.message,
      );
    await visitor.newsletter.subscribe({ email: 'reader@example.com' });
    await visitor.passwordReset.request({ name: 'owner' });
    const reset = await held(KINDS['password reset']);
    const resetToken = /token=([\w-]+)/.exec(reset.text)?.[1] ?? '';
    // A new password with a second factor on: the reset ends in a sign-in code, sent likewise.
    const choosing = visitor.passwordReset.choose({
      token: resetToken,
      password: 'a long new password',
    });
    for (const subject of Object.values(KINDS)) await held(subject);

    const waiting = [...mailer.seen];
    for (const [kind, subject] of Object.entries(KINDS)) {
      const secrets = waiting.filter((m) => subject.test(m.subject)).flatMap(secretsOf);
      expect(secrets, kind).not.toEqual([]);
    }
    expect(await secretsFoundOnDisk(deps, waiting)).toEqual([]);

    mailer.release();
    await sendingProposal;
    expect(await accepting).toMatch(/code/i);
    expect(await choosing).toMatchObject({ requiresTwoFactor: true });
    // Accepted with the mailed code: the client's copy carries the page's link, the PDF and
    // the engagement's page.
    const acceptCode = /\b(\d{6})\b/.exec((await held(KINDS['proposal accept code'])).text)?.[1];
    await visitor.proposalClientPage.accept({
      token: proposalToken,
      name: 'Helen Marsh',
      email: 'helen.marsh@elsewhere.example',
      agree: true,
      code: acceptCode,
    });
    await turning;
    await sender.stop();
    await mailsSettled(mailer);
    const accepted = await held(/^You accepted proposal P-2026-1/);
    expect(secretsOf(accepted)).toContain(proposalToken);
    // And the work's page the acceptance opened (docs/engagements.md): its token is searched too.
    const workToken = /\/e\/([\w-]{43})/.exec(accepted.text)?.[1] ?? '';
    expect(secretsOf(accepted)).toContain(workToken);
    expect(await secretsFoundOnDisk(deps, mailer.seen)).toEqual([]);
  },
);
