/**
 * The Node lines the site is for (docs/decisions/0053): package.json's `engines` names the
 * supported long-term-support lines, 22 (from 22.13) and 24, and not Node 20, which reached end
 * of life on 2026-04-30; and every package that npm installs on Linux accepts them, so that
 * `npm ci` on a supported Node prints no EBADENGINE warning. Read with npm's own matching
 * (`npm query` on the lock file), the rules of its engine check.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The lowest version of each line package.json accepts. */
const SUPPORTED = ['22.13.0', '24.0.0'];
/** Refused: the end-of-life line these machines run, and a 22 older than the tools need. */
const REFUSED = ['20.20.2', '22.12.0'];

interface LockedPackage {
  name: string;
  version: string;
  engines: { node: string };
  optional?: boolean;
  os?: string[];
}

async function query(selector: string): Promise<LockedPackage[]> {
  const { stdout } = await promisify(execFile)('npm', ['query', '--package-lock-only', selector], {
    cwd: ROOT,
  });
  return JSON.parse(stdout) as LockedPackage[];
}

const accepts = (version: string) => `:semver(${version}, :attr(engines, [node]), satisfies)`;

it("asks for Node 22 from 22.13 or 24 in package.json's engines, not the end-of-life 20", async () => {
  const answers = await Promise.all(
    [...SUPPORTED, ...REFUSED].map(async (version) => [
      version,
      (await query(`:root${accepts(version)}`)).length === 1,
    ]),
  );
  expect(Object.fromEntries(answers)).toEqual({
    ...Object.fromEntries(SUPPORTED.map((version) => [version, true])),
    ...Object.fromEntries(REFUSED.map((version) => [version, false])),
  });
});

it('installs no package on Linux that refuses a supported Node: npm ci warns of no engine there', async () => {
  for (const version of SUPPORTED) {
    const refusing = await query(`:attr(engines, [node]):not(${accepts(version)})`);
    // An optional package for another system (sharp's Windows build) is skipped without a word.
    const installed = refusing.filter((p) => !(p.optional && p.os && !p.os.includes('linux')));
    expect(
      installed.map((p) => `${p.name}@${p.version} wants node ${p.engines.node}`),
      version,
    ).toEqual([]);
  }
});
