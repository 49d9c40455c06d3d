/**
 * The lint rule that keeps mail in the outbox (eslint.config.js, docs/mail.md): a feature that
 * calls the Mailer itself is refused; the outbox's sender may.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const CODE = [
  "import type { Mailer } from '#server/platform/mail';",
  'export async function go(ctx: { mailer: Mailer }, mailer: Mailer) {',
  "  await ctx.mailer.send({ to: 'a@example.com', subject: 'Hi', text: 'Hi' });",
  "  await mailer.send({ to: 'a@example.com', subject: 'Hi', text: 'Hi' });",
  '}',
  '',
].join('\n');

async function restricted(file: string): Promise<number> {
  const eslint = new ESLint({
    cwd: ROOT,
    ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-syntax',
  });
  const [result] = await eslint.lintText(CODE, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').length;
}

describe('mail only through the outbox', () => {
  it('refuses a feature that calls the Mailer, and lets the outbox’s sender', async () => {
    expect(await restricted('src/server/contact/notify.ts')).toBe(2);
    // The queues folded into the outbox have no exception left.
    expect(await restricted('src/server/newsletter/newsletter-job.ts')).toBe(2);
    expect(await restricted('src/server/leads/replies/router.ts')).toBe(2);
    expect(await restricted('src/server/mail/outbox/outbox-job.ts')).toBe(0);
  }, 60_000);
});
