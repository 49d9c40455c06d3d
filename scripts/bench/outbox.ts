/**
 * `npm run bench -- --only=outbox`: a newsletter to 10,000 confirmed subscribers
 * (BENCH_RECIPIENTS) through the outbox at a configured rate (BENCH_RATE a minute, 6,000 by
 * default so that the run takes under two minutes; production's default is 120), and an
 * administrator signing in meanwhile. Printed, never asserted (docs/performance.md):
 * - the rate reached, overall and per tenth of the list, against the rate configured;
 * - the heap after a collection at each tenth: flat means the sender holds nothing per mail;
 * - the time from the sign-in request to its code arriving at the SMTP server, for sign-ins
 *   at a quarter, half and three quarters of the list.
 * The server's real parts: the background sender on real timers (app/mail-sender.ts, every
 * job), nodemailer over pooled SMTP to a server in this process that counts and discards,
 * the HTTP app for the sign-in, a fresh database file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { closeDatabase, openDatabase } from '#db';
import { createApp } from '#server/app/app';
import { createMailSender } from '#server/app/mail-sender';
import { createMailer } from '#server/platform/mail';
import { systemClock } from '#server/platform/clock';
import { createLogger } from '#server/platform/logger';
import { adminCaller, createTestDeps, testConfig } from '#tests/support/app';
import { startSmtpSink } from '#tests/support/smtp-sink';
import { insertUser, PASSWORD } from '#tests/support/users';
import { BODY, collect, fill, mib, newsletterSent } from './newsletter';

const COUNT = Number(process.env.BENCH_RECIPIENTS ?? 10_000);
const RATE = Number(process.env.BENCH_RATE ?? 6_000);
const ADMIN = 'erin@example.com';
/** The sign-ins, as shares of the list sent. */
const SIGN_IN_AT = [0.25, 0.5, 0.75];

export async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-outbox-'));
  let sent = 0;
  const codeArrivals: number[] = [];
  const sink = await startSmtpSink({
    keep: false,
    onArrived(recipients, at) {
      if (recipients.includes(ADMIN)) codeArrivals.push(at);
      else sent += recipients.length;
    },
  });
  try {
    const file = path.join(dir, 'app.db');
    await closeDatabase(await openDatabase({ file })); // migrate
    fill(file, COUNT);
    const db = await openDatabase({ file });
    // Lines are dropped: a logger that kept them would be the memory this measures.
    const logger = createLogger(() => {});
    const smtpUrl = `${sink.url}/?pool=true`;
    const config = testConfig({
      smtpUrl,
      siteUrl: 'https://bench.example',
      bulkRatePerMinute: RATE,
    });
    const mailer = createMailer({ smtpUrl, from: config.mailFrom, production: false, logger });
    const deps = await createTestDeps({ db, config, mailer, logger, clock: systemClock });
    const app = createApp(deps);
    await insertUser(deps, 'erin', ADMIN);
    const admin = await adminCaller(deps);
    const { id } = await admin.newsletters.create({ subject: 'Monthly notes', body: BODY });

    collect();
    const heapAtStart = process.memoryUsage().heapUsed;
    const tenths: { at: number; heap: number }[] = [];
    const signIns: { asked: number; answered: number; status: number }[] = [];

    const sender = createMailSender(deps);
    const started = performance.now();
    const startedAt = Date.now();
    await admin.newsletters.send({ id });
    sender.start();
    let nextTenth = 1;
    let nextSignIn = 0;
    while (!(await newsletterSent(db, id))) {
      while (nextTenth < 10 && sent >= (COUNT * nextTenth) / 10) {
        const at = performance.now();
        collect();
        tenths.push({ at, heap: process.memoryUsage().heapUsed });
        nextTenth++;
      }
      const share = SIGN_IN_AT[nextSignIn];
      if (share !== undefined && sent >= COUNT * share) {
        nextSignIn++;
        const asked = Date.now();
        const res = await app.request('/api/admin/login', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ username: 'erin', password: PASSWORD }),
        });
        signIns.push({ asked, answered: Date.now(), status: res.status });
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const finished = performance.now();
    await sender.stop();
    collect();
    const heapAtEnd = process.memoryUsage().heapUsed;
    const progress = await admin.newsletters.byId({ id });

    const minutes = (finished - started) / 60_000;
    console.log(`recipients            ${COUNT.toLocaleString('en-US')}`);
    console.log(`rate configured       ${RATE.toLocaleString('en-US')} a minute`);
    console.log(`sent / failed         ${progress.sent} / ${progress.failed}`);
    console.log(`SMTP received         ${sent} newsletter mails`);
    console.log(`sending               ${(minutes * 60).toFixed(1)} s`);
    console.log(`rate reached          ${(COUNT / minutes).toFixed(0)} a minute overall`);
    let last = started;
    const perTenth = [...tenths.map((t) => t.at), finished].map((at) => {
      const rate = COUNT / 10 / ((at - last) / 60_000);
      last = at;
      return rate.toFixed(0);
    });
    console.log(`rate per tenth        ${perTenth.join(' ')} a minute`);
    console.log(
      `heap at start / end   ${mib(heapAtStart)} / ${mib(heapAtEnd)} (after a collection)`,
    );
    console.log(`heap at each tenth    ${tenths.map((t) => mib(t.heap)).join(' ')}`);
    signIns.forEach((signIn, i) => {
      const arrived = codeArrivals[i];
      const wait = arrived === undefined ? 'never arrived' : `${arrived - signIn.asked} ms`;
      const when = `${((signIn.asked - startedAt) / 1000).toFixed(1)} s in`;
      console.log(
        `sign-in code ${i + 1}        ${wait} (answer ${signIn.status} in ${signIn.answered - signIn.asked} ms, ${when})`,
      );
    });
    await closeDatabase(db);
  } finally {
    await sink.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
