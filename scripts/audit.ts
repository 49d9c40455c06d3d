/**
 * `npm run audit`: builds, starts the real server on a free port with a throwaway database,
 * runs Lighthouse (mobile and desktop) against the home page (or `--page`) with the system
 * Chromium, and prints the category scores and the home page's JS and CSS sizes (gzip,
 * level 9).
 *
 * Sizes: "initial" counts what index.html references (entry script, modulepreloads,
 * stylesheets); "loaded" counts every JS/CSS file the page fetched during the Lighthouse
 * run without any interaction (including chunks requested after hydration).
 *
 * Options: --page=<path> (the page to audit, `/` unless given: any other page gets its scores,
 * metrics and the scripts it loaded, with its goal where docs/performance.md sets one, e.g.
 * `--page=/admin/login`), --no-build (audit the current dist/), --runs=N (runs per form
 * factor, 5 unless given; the run with the median performance score is reported, and the
 * median total blocking time of all runs: Lighthouse's own advice on a busy machine),
 * --photo=<file> (uploads that image as the founder's photo first, as the owner would on the
 * Content screen: the About section then shows it), --proof (publishes three case studies, an
 * insight, two testimonials and a logo first, scripts/sample-entries.ts: the home page then
 * shows its proof sections, and `--page=/case-studies` or `--page=/case-studies/answers-in-minutes`,
 * the case study with a cover, can be audited), --assistant (the site assistant switched on,
 * with a provider that is a fake of the tests' own: "Ask a question" is then on the home page,
 * scripts/assistant-on.ts), --proposal (a lead and a sent proposal written into the database,
 * scripts/sample-proposal.ts, and the client's page `/p/<token>` audited unless --page says
 * otherwise), --invoice (a lead and an issued final invoice with a balance owed,
 * scripts/sample-invoice.ts, and the client's page `/i/<token>` audited unless --page says
 * otherwise), --engagement (that invoice's lead with an engagement, a file and two messages,
 * scripts/sample-engagement.ts, and the client's page `/e/<token>` audited unless --page says
 * otherwise), AUDIT_REPORT_DIR=<dir> (keep the JSON reports).
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
import { startOpenAiServer } from '../tests/support/openai-server';
import { providerEnv, turnAssistantOn } from './assistant-on';
import { withBuildLock } from './build-lock';
import { publishSampleEntries, SAMPLE_ADMIN } from './sample-entries';
import { SAMPLE_PROPOSAL_TOKEN, writeSampleProposal } from './sample-proposal';
import { SAMPLE_INVOICE_TOKEN, writeSampleInvoice } from './sample-invoice';
import { SAMPLE_ENGAGEMENT_TOKEN, writeSampleEngagement } from './sample-engagement';
import { startServer } from '../tests/e2e/support/server';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUILD_DIR = path.join(ROOT, 'dist/client');
/** The audited files: a snapshot of the build, so another build cannot change them meanwhile. */
const CLIENT_DIR = mkdtempSync(path.join(tmpdir(), 'audit-client-'));
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/**
 * Chromium as the Lighthouse CLI starts it with `--chrome-flags="--headless=new --no-sandbox"`
 * (chrome-launcher adds the same default flags to both). Headless is needed without a display,
 * no-sandbox as root. Earlier versions added `--disable-gpu`: that moves compositing off the
 * GPU process and hid about 100 ms of total blocking time the CLI's defaults show
 * (docs/performance.md, "Lighthouse: the audit and the CLI").
 */
const CHROME_FLAGS = ['--headless=new', '--no-sandbox'];

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

/** The home page's JS budget at first load (issue 10), gzip -9, in decimal kilobytes. */
const HOME_JS_BUDGET_BYTES = 100_000;
/** Mobile total blocking time, the median of the runs. */
const TBT_BUDGET_MS = 100;

/** Mobile performance goals of pages other than `/` (docs/performance.md, "Goals"). */
const PAGE_PERFORMANCE_GOALS: Record<string, number> = {
  '/admin/login': 95,
  // With --proof: the list and the case study with a cover (docs/performance.md).
  '/case-studies': 100,
  '/case-studies/answers-in-minutes': 100,
  // With --proposal: the client's page (docs/performance.md, "The client's proposal page").
  [`/p/${SAMPLE_PROPOSAL_TOKEN}`]: 100,
  // With --invoice: the client's invoice page (docs/performance.md, "The client's invoice page").
  [`/i/${SAMPLE_INVOICE_TOKEN}`]: 100,
  // With --engagement: the client's work page (docs/performance.md, "The client's work page").
  [`/e/${SAMPLE_ENGAGEMENT_TOKEN}`]: 100,
};

/** The home page's scripts at first load (what index.html names), gzip -9: an entry page's cap. */
function homeFirstLoadJs(): number {
  const html = readFileSync(path.join(CLIENT_DIR, 'index.html'), 'utf8');
  return initialAssets(html).js.reduce((sum, p) => sum + gzipSize(p), 0);
}

/** Another page than `/`: the scripts it loaded (gzip -9) and its goal, if it has one. */
function printPageTargets(page: string, loaded: string[], mobile: Result, tbt: number) {
  console.log(`\nScripts ${page} loaded (gzip -9):`);
  const sized = loaded.map((p) => ({ p, size: gzipSize(p) })).sort((a, b) => b.size - a.size);
  for (const { p, size } of sized) console.log(`  ${kib(size).padStart(10)}  ${p}`);
  const total = sized.reduce((sum, c) => sum + c.size, 0);
  console.log(`  ${kib(total).padStart(10)}  in all`);
  const perf = Math.round(performanceScore(mobile) * 100);
  const goal = PAGE_PERFORMANCE_GOALS[page];
  console.log('\nTargets:');
  if (!page.startsWith('/admin')) {
    const home = homeFirstLoadJs();
    console.log(
      `  JS ${kib(total)} <= the home page's first load ${kib(home)}: ${total <= home ? 'met' : 'MISSED'}`,
    );
  }
  if (goal === undefined) {
    console.log(`  mobile performance ${perf} (no goal set for ${page})`);
  } else {
    console.log(`  mobile performance ${perf} >= ${goal}: ${perf >= goal ? 'met' : 'MISSED'}`);
  }
  console.log(`  mobile total blocking time (median) ${Math.round(tbt)} ms`);
}

/** Every chunk a built script pulls in, statically or lazily (Vite names them in the code). */
function reachableChunks(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    const code = readFileSync(path.join(CLIENT_DIR, 'assets', name), 'utf8');
    for (const match of code.matchAll(/(?:\.\/|assets\/)([\w.-]+\.js)\b/g)) queue.push(match[1]!);
  }
  return seen;
}

/** Every chunk a page can reach from the scripts it names (entry, preloads, its loader). */
function pageChunks(html: string): Set<string> {
  const reach = new Set<string>();
  for (const m of html.matchAll(/\/assets\/([\w.-]+\.js)\b/g)) {
    for (const chunk of reachableChunks(m[1]!)) reach.add(chunk);
  }
  return reach;
}

/**
 * The chunks `/` loaded, each with its gzip size, and the targets: the JS budget and no chunk
 * that only the router app (admin area, 404 page; app.html) can reach.
 */
function printHomeChunks(loaded: string[], mobile: Result, tbt: number) {
  const home = readFileSync(path.join(CLIENT_DIR, 'index.html'), 'utf8');
  const app = readFileSync(path.join(CLIENT_DIR, 'app.html'), 'utf8');
  const homeReach = pageChunks(home);
  const appOnly = [...pageChunks(app)].filter((c) => !homeReach.has(c));
  console.log('\nChunks `/` loaded (gzip -9):');
  const sized = loaded.map((p) => ({ p, size: gzipSize(p) })).sort((a, b) => b.size - a.size);
  for (const { p, size } of sized) console.log(`  ${kib(size).padStart(10)}  ${p}`);
  const total = sized.reduce((sum, c) => sum + c.size, 0);
  const adminLoaded = loaded.filter((p) => appOnly.includes(path.basename(p)));
  const perf = Math.round(performanceScore(mobile) * 100);
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  console.log('\nTargets:');
  console.log(
    `  home page JS at first load ${total.toLocaleString('en-US')} bytes (${kib(total)}) <= ${HOME_JS_BUDGET_BYTES.toLocaleString('en-US')} bytes: ${verdict(total <= HOME_JS_BUDGET_BYTES)}`,
  );
  console.log(
    `  router-app-only (admin, 404) chunks loaded by /: ${adminLoaded.length ? adminLoaded.join(', ') : 'none'} (${appOnly.length} such chunks exist): ${verdict(adminLoaded.length === 0)}`,
  );
  console.log(`  mobile performance ${perf} = 100: ${verdict(perf === 100)}`);
  console.log(
    `  mobile total blocking time (median) ${Math.round(tbt)} ms <= ${TBT_BUDGET_MS} ms: ${verdict(tbt <= TBT_BUDGET_MS)}`,
  );
}

function performanceScore(lhr: Result): number {
  return lhr.categories.performance?.score ?? 0;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

const tbtOf = (lhr: Result) => lhr.audits['total-blocking-time']?.numericValue ?? NaN;

/**
 * Runs Lighthouse `runs` times; answers the run with the median performance score and the
 * median total blocking time of all runs.
 */
async function medianRun(url: string, formFactor: 'mobile' | 'desktop', runs: number) {
  const results: Result[] = [];
  for (let i = 0; i < runs; i++) results.push(await runLighthouse(url, formFactor));
  results.sort((a, b) => performanceScore(a) - performanceScore(b));
  const tbt = median(results.map(tbtOf));
  if (runs > 1) {
    const all = results.map((r) => Math.round(performanceScore(r) * 100)).join(', ');
    const tbts = results.map((r) => Math.round(tbtOf(r))).join(', ');
    console.log(
      `  ${formFactor}: performance over ${runs} runs: ${all}; total blocking time ${tbts} ms`,
    );
  }
  // Lighthouse's own measure of the machine's speed (higher is faster): its throttling
  // multiplies what this CPU takes, so scores from machines of different speed compare only
  // beside this figure (docs/performance.md, "Noise").
  const speed = median(results.map((r) => r.environment.benchmarkIndex));
  console.log(`  ${formFactor}: CPU benchmark index (median) ${Math.round(speed)}`);
  return { lhr: results[Math.floor((results.length - 1) / 2)]!, tbt };
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

/** Signs in as SAMPLE_ADMIN and uploads `file` as the founder's photo. */
async function uploadPhoto(baseUrl: string, file: string): Promise<void> {
  const login = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(SAMPLE_ADMIN),
  });
  if (login.status !== 200) throw new Error(`sign-in to upload the photo: HTTP ${login.status}`);
  const cookie = login.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  const form = new FormData();
  form.append('file', new File([readFileSync(file)], path.basename(file)));
  const upload = await fetch(`${baseUrl}/api/media/photo`, {
    method: 'POST',
    headers: { cookie, origin: baseUrl },
    body: form,
  });
  if (upload.status !== 200) {
    throw new Error(`photo upload: HTTP ${upload.status} ${await upload.text()}`);
  }
  console.log(`Founder's photo uploaded from ${file}`);
}

async function main() {
  const photo = process.argv.find((a) => a.startsWith('--photo='))?.slice('--photo='.length);
  const proposal = process.argv.includes('--proposal');
  const invoice = process.argv.includes('--invoice');
  const engagement = process.argv.includes('--engagement');
  const page =
    process.argv.find((a) => a.startsWith('--page='))?.slice('--page='.length) ??
    (proposal
      ? `/p/${SAMPLE_PROPOSAL_TOKEN}`
      : invoice
        ? `/i/${SAMPLE_INVOICE_TOKEN}`
        : engagement
          ? `/e/${SAMPLE_ENGAGEMENT_TOKEN}`
          : '/');
  if (!page.startsWith('/')) throw new Error(`--page takes a path starting with /, not ${page}`);
  const proof = process.argv.includes('--proof');
  const assistant = process.argv.includes('--assistant');
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
  const openai = assistant ? await startOpenAiServer() : null;
  const server = await startServer({
    env: {
      CLIENT_DIR,
      ...((photo || proof || assistant) && {
        ADMIN_USERNAME: SAMPLE_ADMIN.username,
        ADMIN_PASSWORD: SAMPLE_ADMIN.password,
      }),
      ...(openai && providerEnv(openai.baseUrl)),
    },
  });
  try {
    if (assistant) {
      await turnAssistantOn(server.url);
      console.log('The site assistant is on: "Ask a question" is on the home page');
    }
    if (photo) await uploadPhoto(server.url, path.resolve(photo));
    if (proposal) {
      writeSampleProposal(server.dbPath);
      console.log('A sample proposal was written (scripts/sample-proposal.ts)');
    }
    if (invoice) {
      writeSampleInvoice(server.dbPath);
      console.log('A sample invoice was written (scripts/sample-invoice.ts)');
    }
    if (engagement) {
      writeSampleEngagement(server.dbPath);
      console.log('A sample engagement was written (scripts/sample-engagement.ts)');
    }
    if (proof) {
      await publishSampleEntries(server.url);
      console.log('Sample proof published (scripts/sample-entries.ts)');
    }
    const url = `${server.url}${page}`;
    console.log(`Lighthouse ${url}`);
    const runs = Number(
      /^--runs=(\d+)$/.exec(process.argv.find((a) => a.startsWith('--runs=')) ?? '')?.[1] ?? 5,
    );
    const { lhr: mobile, tbt: mobileTbt } = await medianRun(url, 'mobile', runs);
    const { lhr: desktop } = await medianRun(url, 'desktop', runs);
    const reportDir = process.env.AUDIT_REPORT_DIR;
    if (reportDir) {
      writeFileSync(path.join(reportDir, 'lighthouse-mobile.json'), JSON.stringify(mobile));
      writeFileSync(path.join(reportDir, 'lighthouse-desktop.json'), JSON.stringify(desktop));
    }
    console.log('\nScores (0-100):');
    printScores('mobile', mobile);
    printScores('desktop', desktop);

    const metrics = [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
      'speed-index',
    ];
    const printMetrics = () => {
      console.log('\nMobile metrics:');
      for (const id of metrics) {
        console.log(`  ${id}: ${mobile.audits[id]?.displayValue ?? 'n/a'}`);
      }
    };
    if (page !== '/') {
      printMetrics();
      const origin = new URL(server.url).origin;
      printPageTargets(page, loadedAssets(mobile, origin).js, mobile, mobileTbt);
      return;
    }

    console.log('\nHome page JS and CSS (gzip -9):');
    const html = readFileSync(path.join(CLIENT_DIR, 'index.html'), 'utf8');
    const inlineCss = inlineCssGzip(html);
    printSizes('initial', initialAssets(html), inlineCss);
    const loaded = loadedAssets(mobile, new URL(server.url).origin);
    printSizes('loaded', loaded, inlineCss);
    console.log(
      `  HTML     ${kib(gzipSync(html, { level: 9 }).length).padStart(10)} (index.html with the prerendered page)`,
    );
    printMetrics();
    printHomeChunks(loaded.js, mobile, mobileTbt);
  } finally {
    await server.stop();
    await openai?.close();
    rmSync(CLIENT_DIR, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`audit failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
