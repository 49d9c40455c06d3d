/**
 * The lint rules that keep a rule written once (scripts/one-place-rules.js,
 * docs/architecture.md "Written once"): a copy planted in a feature is refused with the way to
 * the one place, and the one place itself is left alone.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

/** The one-place messages `code` gets as the file `file`. */
async function refusals(file: string, code: string): Promise<string[]> {
  const eslint = new ESLint({
    cwd: ROOT,
    ruleFilter: ({ ruleId }) => ruleId.startsWith('one-place/'),
  });
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

const FEATURE = 'src/server/leads/planted.ts';

describe('rules written once', () => {
  it("refuses a shape exported again under another module's name", async () => {
    const code = [
      "import type { Lead } from '#shared/shapes/leads';",
      "export type { LeadDraft } from '#shared/shapes/leads';",
      "export * from './shapes/leads';",
      'export type { Lead };',
      'export type SameLead = Lead;',
      "export type LeadName = Pick<Lead, 'name'>;",
      '',
    ].join('\n');
    const found = await refusals('src/shared/planted.ts', code);
    expect(found).toHaveLength(4);
    expect(found[0]).toMatch(/^one-place\/shapes: .*imported from src\/shared\/shapes\//);
    expect(await refusals('src/shared/shapes/planted.ts', code)).toEqual([]);
  }, 60_000);

  it('refuses a second escapeHtml, and one imported by another way', async () => {
    const code = [
      "import { escapeHtml as e } from '#server/platform/mail';",
      "const escapeHtml = (text: string) => text.replace(/</g, '&lt;');",
      'export function escapeHTML(text: string) { return e(escapeHtml(text)); }',
      '',
    ].join('\n');
    const found = await refusals(FEATURE, code);
    expect(found).toHaveLength(3);
    expect(found[0]).toMatch(/#shared\/escape-html/);
    const one = "import { escapeHtml } from '#shared/escape-html';\nexport const x = escapeHtml;\n";
    expect(await refusals(FEATURE, one)).toEqual([]);
  }, 60_000);

  it('refuses a second reading of Sec-Fetch-Site', async () => {
    const code = "export const own = (h: Headers) => h.get('Sec-Fetch-Site') === 'same-origin';\n";
    expect(await refusals('src/server/proposals/planted.ts', code)).toEqual([
      expect.stringMatching(/^one-place\/cross-site: .*isCrossSite/),
    ]);
    expect(await refusals('src/server/http/cross-site.ts', code)).toEqual([]);
  }, 60_000);

  it("refuses a page that maps a procedure's error itself", async () => {
    const code =
      "import { toHttpError } from '#server/http/errors';\nexport const m = toHttpError;\n";
    expect(await refusals('src/server/booking/manage-page/planted.ts', code)).toEqual([
      expect.stringMatching(/^one-place\/page-refusal: .*pageRefusal/),
    ]);
    expect(await refusals('src/server/http/rest.ts', code)).toEqual([]);
  }, 60_000);

  it("refuses a day's length written again", async () => {
    const code = [
      'const DAY_MS = 86_400_000;',
      'const ONE_DAY = 24 * 60 * 60 * 1000;',
      'export const TTL_MS = 7 * 24 * 60 * 60_000;',
      'export const KEPT_SECONDS = 86_400;',
      'export const later = (at: number) => at + 24 * 3_600_000 + DAY_MS + ONE_DAY;',
      // Not a day's length: hours, a day's text.
      'export const HOURS_MS = 27 * 3_600_000 + 2 * 60 * 60 * 1000;',
      'const DAY = /^\\d{4}-\\d{2}-\\d{2}$/;',
      'export const isDay = (text: string) => DAY.test(text);',
      '',
    ].join('\n');
    const found = await refusals(FEATURE, code);
    // Each name and each length: DAY_MS and its value, ONE_DAY and its value, the three others.
    expect(found).toHaveLength(7);
    expect(found[0]).toMatch(/^one-place\/days: .*DAY_MS.*src\/shared\/calendar-days\.ts/);
    expect(await refusals('src/shared/calendar-days.ts', code)).toEqual([]);
  }, 60_000);

  it("refuses a batch's rows read by a statement's place", async () => {
    const code = [
      "import { writeBatch, type Db, type Statement } from '#db';",
      'export async function write(db: Db, a: Statement, b: Statement) {',
      '  const [, found] = await writeBatch(db, [a, b]);',
      '  const rows = await writeBatch(db, [a, b]);',
      '  const last = (await writeBatch(db, [a, b]))[1];',
      '  await writeBatch(db, [a, b]);',
      '  return [found, rows, last];',
      '}',
      '',
    ].join('\n');
    const found = await refusals(FEATURE, code);
    expect(found).toHaveLength(3);
    expect(found[0]).toMatch(/^one-place\/named-batch: .*writeNamedBatch/);
  }, 60_000);

  it("refuses a link's token hashed and looked up by hand", async () => {
    const code = [
      "import { lookedUpLink } from '#server/platform/link-misses';",
      "import { tokenHash } from '#server/platform/tokens';",
      'export async function find(ctx: never, token: string, rows: Map<string, number>) {',
      '  const hash = tokenHash(token);',
      '  return lookedUpLink(ctx, async () => rows.get(hash));',
      '}',
      '',
    ].join('\n');
    expect(await refusals(FEATURE, code)).toEqual([
      expect.stringMatching(/^one-place\/link-token: .*lookedUpToken/),
    ]);
  }, 60_000);
});
