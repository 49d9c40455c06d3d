/**
 * The start loads no package that only some sites or requests need (docs/operations.md,
 * "Start-up time"): those are `await import()`ed where they are used. Read from the tests'
 * split bundle of server.ts (tests/support/server-bundle.ts), built as production's is: what a
 * start loads is the entry and the chunks it imports at its top, and the packages those import
 * at their tops. A package imported at the top of a module the start reaches shows up there.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverBundle } from '#tests/support/server-bundle';

/** Each loaded at its first use, never at the start. */
const LOADED_WHEN_NEEDED = [
  '@libsql/client',
  'imapflow',
  'mailparser',
  '@simplewebauthn/server',
  'sharp',
  'satori',
  '@resvg/resvg-js',
  '@zxcvbn-ts/core',
  '@modelcontextprotocol/sdk',
  'ai',
  '@aws-sdk/client-s3',
  '@opentelemetry/sdk-trace-base',
  '@opentelemetry/api',
  '@hono/otel',
  'stripe',
  'pdf-lib',
  '@pdf-lib/fontkit',
  'nodemailer',
  '@zone-eu/mailsplit',
  'standardwebhooks',
  'feed',
  'csv-stringify',
  'ical.js',
  'luxon',
  'otplib',
];

/** `import … from "x"` and `import "x"` at the top of a module (not `import("x")`). */
const STATIC_IMPORT = /^import\s+(?:[^"';]*?\s+from\s+)?["']([^"']+)["'];?$/gm;

function staticImports(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)].map((match) => match[1] ?? '');
}

/** The packages a start loads: the entry's top imports, through its chunks. */
function packagesAtStart(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of staticImports(file)) {
      if (specifier.startsWith('.')) visit(path.resolve(path.dirname(file), specifier));
      else if (!specifier.startsWith('node:')) packages.add(specifier);
    }
  };
  visit(entry);
  return packages;
}

const isOrUnder = (specifier: string, name: string) =>
  specifier === name || specifier.startsWith(`${name}/`);

describe('the start', () => {
  it('loads none of the packages that only some sites or requests need', async () => {
    const loaded = [...packagesAtStart(await serverBundle())];
    // The reading itself: the database driver and the web framework are loaded at the start.
    expect(loaded).toEqual(expect.arrayContaining(['better-sqlite3', 'hono']));
    const heavy = loaded.filter((specifier) =>
      LOADED_WHEN_NEEDED.some((name) => isOrUnder(specifier, name)),
    );
    expect(heavy).toEqual([]);
  });

  it('tells a package imported at the top from one imported when needed', () => {
    const text = [
      'import { a } from "./chunk-A.mjs";',
      'import Stripe from "stripe";',
      'import "hono";',
      'const lazy = () => import("pdf-lib");',
    ].join('\n');
    const matches = [...text.matchAll(STATIC_IMPORT)].map((match) => match[1]);
    expect(matches).toEqual(['./chunk-A.mjs', 'stripe', 'hono']);
  });
});
