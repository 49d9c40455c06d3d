/**
 * `npm run audit`: builds, starts the real server on a free port with a throwaway database,
 * runs Lighthouse (mobile and desktop) against the home page with the system Chromium, and
 * prints the category scores and the home page's JS and CSS sizes (gzip, level 9).
 *
 * Sizes: "initial" counts what index.html references (entry script, modulepreloads,
 * stylesheets); "loaded" counts every JS/CSS file the page fetched during the Lighthouse
 * run without any interaction (including chunks requested after hydration).
 *
 * Options: --no-build (audit the current dist/), --runs=N (N runs per form factor, the run
 * with the median performance score is reported; Lighthouse's own advice on a busy machine),
 * AUDIT_REPORT_DIR=<dir> (keep the JSON reports).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import { chromiumPath } from '../tests/e2e/support/browser';
import { withBuildLock } from '../tests/e2e/support/build-lock';
import { startServer } from '../tests/e2e/support/server';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUILD_DIR = path.join(ROOT, 'dist/client');
/** The audited files: a snapshot of the build, so another build cannot change them meanwhile. */
const CLIENT_DIR = mkdtempSync(path.join(tmpdir(), 'audit-client-'));
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function gzipSize(urlPath: string): number {
  const file = path.join(CLIENT_DIR, decodeURIComponent(urlPath));
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

/** Asset paths index.html makes the browser fetch on load (its loader's list, or tags). */
function initialAssets(html: string): { js: string[]; css: string[] } {
  const js = [...html.matchAll(/(\/assets\/[^"'\s]+\.js)/g)].map((m) => m[1]!);
  const css = [...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
  return { js: [...new Set(js)], css: [...new Set(css)] };
}

interface NetworkItem {
  url: string;
  resourceType?: string;
}

/** Same-origin scripts and stylesheets the page requested during the run. */
function loadedAssets(lhr: Result, origin: string): { js: string[]; css: string[] } {
  const details = lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined;
  const js = new Set<string>();
  const css = new Set<string>();
  for (const item of details?.items ?? []) {
    const url = new URL(item.url);
    if (url.origin !== origin || !url.pathname.startsWith('/assets/')) continue;
    if (item.resourceType === 'Script') js.add(url.pathname);
    if (item.resourceType === 'Stylesheet') css.add(url.pathname);
  }
  return { js: [...js], css: [...css] };
}

/** CSS inlined into index.html by the prerender (it no longer has a file of its own). */
function inlineCssGzip(html: string): number {
  const css = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');
  return css ? gzipSync(css, { level: 9 }).length : 0;
}

function printSizes(label: string, assets: { js: string[]; css: string[] }, inlineCss: number) {
  const js = assets.js.reduce((sum, p) => sum + gzipSize(p), 0);
  const css = assets.css.reduce((sum, p) => sum + gzipSize(p), 0) + inlineCss;
  console.log(
    `  ${label.padEnd(8)} JS ${kib(js).padStart(10)} (${assets.js.length} files)   CSS ${kib(css).padStart(9)} (${assets.css.length} files${inlineCss ? ' + inline' : ''})`,
  );
  return { js, css };
}

function performanceScore(lhr: Result): number {
  return lhr.categories.performance?.score ?? 0;
}

/** Runs Lighthouse `runs` times and keeps the run with the median performance score. */
async function medianRun(url: string, formFactor: 'mobile' | 'desktop', runs: number) {
  const results: Result[] = [];
  for (let i = 0; i < runs; i++) results.push(await runLighthouse(url, formFactor));
  results.sort((a, b) => performanceScore(a) - performanceScore(b));
  if (runs > 1) {
    const all = results.map((r) => Math.round(performanceScore(r) * 100)).join(', ');
    console.log(`  ${formFactor}: performance over ${runs} runs: ${all} (median reported)`);
  }
  return results[Math.floor((results.length - 1) / 2)]!;
}

/** Lighthouse sometimes loses the trace (NO_NAVSTART); such a run is repeated, twice at most. */
async function runLighthouse(url: string, formFactor: 'mobile' | 'desktop'): Promise<Result> {
  let lhr = await runLighthouseOnce(url, formFactor);
  for (let retry = 0; retry < 2 && lhr.runtimeError; retry++) {
    console.log(`  ${formFactor}: ${lhr.runtimeError.code}, running again`);
    lhr = await runLighthouseOnce(url, formFactor);
  }
  return lhr;
}

async function runLighthouseOnce(url: string, formFactor: 'mobile' | 'desktop'): Promise<Result> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    };
    const result = await lighthouse(
      url,
      flags,
      formFactor === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error('Lighthouse returned no result');
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

function printScores(formFactor: string, lhr: Result) {
  const scores = CATEGORIES.map((id) => {
    const score = lhr.categories[id]?.score;
    return `${id} ${score === null || score === undefined ? 'n/a' : Math.round(score * 100)}`;
  });
  console.log(`  ${formFactor.padEnd(8)} ${scores.join('   ')}`);
  const failing = Object.values(lhr.audits).filter(
    (audit) =>
      audit.score !== null &&
      audit.score < 1 &&
      (audit.scoreDisplayMode === 'binary' || audit.scoreDisplayMode === 'numeric') &&
      CATEGORIES.some((id) =>
        lhr.categories[id]?.auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0),
      ),
  );
  for (const audit of failing) {
    console.log(
      `           - ${audit.id}: ${Math.round((audit.score ?? 0) * 100)}${audit.displayValue ? ` (${audit.displayValue})` : ''}`,
    );
  }
}

async function main() {
  const build = !process.argv.includes('--no-build');
  if (build) console.log('Building…');
  withBuildLock(() => {
    if (build) {
      const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, encoding: 'utf8' });
      if (result.status !== 0) {
        process.stderr.write(result.stdout + result.stderr);
        process.exit(1);
      }
    }
    cpSync(BUILD_DIR, CLIENT_DIR, { recursive: true });
  });
  const server = await startServer({ env: { CLIENT_DIR } });
  try {
    const url = `${server.url}/`;
    console.log(`Lighthouse ${url}`);
    const runs = Number(
      /^--runs=(\d+)$/.exec(process.argv.find((a) => a.startsWith('--runs=')) ?? '')?.[1] ?? 1,
    );
    const mobile = await medianRun(url, 'mobile', runs);
    const desktop = await medianRun(url, 'desktop', runs);
    const reportDir = process.env.AUDIT_REPORT_DIR;
    if (reportDir) {
      writeFileSync(path.join(reportDir, 'lighthouse-mobile.json'), JSON.stringify(mobile));
      writeFileSync(path.join(reportDir, 'lighthouse-desktop.json'), JSON.stringify(desktop));
    }
    console.log('\nScores (0-100):');
    printScores('mobile', mobile);
    printScores('desktop', desktop);

    console.log('\nHome page JS and CSS (gzip -9):');
    const html = readFileSync(path.join(CLIENT_DIR, 'index.html'), 'utf8');
    const inlineCss = inlineCssGzip(html);
    printSizes('initial', initialAssets(html), inlineCss);
    printSizes('loaded', loadedAssets(mobile, new URL(server.url).origin), inlineCss);
    console.log(
      `  HTML     ${kib(gzipSync(html, { level: 9 }).length).padStart(10)} (index.html with the prerendered page)`,
    );
    const metrics = [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
      'speed-index',
    ];
    console.log('\nMobile metrics:');
    for (const id of metrics) {
      console.log(`  ${id}: ${mobile.audits[id]?.displayValue ?? 'n/a'}`);
    }
  } finally {
    await server.stop();
    rmSync(CLIENT_DIR, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`audit failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
