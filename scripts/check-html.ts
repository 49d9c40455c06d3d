/**
 * `npm run vnu`: the Nu Html Checker (vnu-jar, needs Java: Debian's `default-jre-headless`) on
 * the built pages: the prerendered home page and the router app's page, and the pages the
 * server writes itself: the newsletter's confirm and unsubscribe pages in each of their
 * states, with the built assets; the router app's page with a saved name; and the four legal
 * pages (`/privacy` and `/terms` from their starting texts, the others from sample Markdown using
 * every construction the editor allows), rendered as the server renders them. Builds the client when stale. Exits 1 on any error, with two kinds of message set aside and printed apart:
 *
 * - CSS messages: the checker's CSS parser predates Tailwind 4's output (`@property`, SVG
 *   geometry properties such as `rx`);
 * - KNOWN_CHECKER_GAPS: HTML the current specifications allow and the checker does not know
 *   yet, each with the reason (docs/testing.md, "HTML validity").
 *
 * Not part of `npm test`: Java and the checker's start cost about 5 s for two files.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vnuJar from 'vnu-jar';
import { loadEntryRenderer } from '../src/server/app/page-renderer';
import { appPageHtml } from '../src/server/content/app-page';
import { renderLegalPage, renderNotFoundPage } from '../src/server/content/page-renderer';
import { TEMPLATE_FILE } from '../src/server/content/page-template';
import { DEFAULT_BRAND } from '../src/server/site/site-brand';
import { linkPageAssets } from '../src/server/http/page-assets';
import type { SiteContent } from '../src/shared/site-content';
import { LEGAL_PAGES } from '../src/shared/site-content-basics';
import { defaultSiteContent } from '../src/shared/site-content-defaults';
import { renderLinkPage, type LinkPageView } from '../src/server/newsletter/link-pages/page-html';
import { buildIfStale } from './build-if-stale';
import { publishSampleEntries, SAMPLE_ADMIN } from './sample-entries';
import { startServer } from '../tests/e2e/support/server';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PAGES = ['dist/client/index.html', 'dist/client/app.html'];

/** Every state of the server-written pages, each written to a file of its own. */
const LINK_PAGE_VIEWS: Record<string, LinkPageView> = {
  'newsletter-confirm.html': { state: 'valid', kind: 'confirm', token: 'A'.repeat(43) },
  'newsletter-unsubscribe.html': { state: 'valid', kind: 'unsubscribe', token: 'B'.repeat(43) },
  'newsletter-invalid.html': { state: 'invalid', kind: 'confirm' },
  'newsletter-unavailable.html': { state: 'unavailable' },
};

async function writeLinkPages(dir: string): Promise<string[]> {
  const assets = await linkPageAssets(path.join(ROOT, 'dist/client'));
  return Object.entries(LINK_PAGE_VIEWS).map(([name, view]) => {
    const file = path.join(dir, name);
    writeFileSync(file, renderLinkPage(view, assets, DEFAULT_BRAND));
    return file;
  });
}

/** Markdown with every construction the legal pages' editor documents (docs/content.md). */
const SAMPLE_LEGAL = (title: string) =>
  [
    `# ${title}`,
    'Last updated 1 March 2026. These terms apply to **every** visit and *every* engagement.',
    '## Who we are',
    'Acme AI Engineering, Falls Church, Virginia. [Write to us](mailto:hello@example.com) or see [our profile](https://www.linkedin.com/company/example).',
    '## What we promise',
    '- Plain answers within **two** working days',
    '- No data used to train models without *written* consent',
    '- A copy of your data on request',
    '### Changes',
    'Text with <b>markup</b> & "quotes" is shown as text; [a bad link](javascript:alert(1)) is not a link.',
  ].join('\n\n');

const LEGAL_SAMPLE_CONTENT: SiteContent = {
  ...defaultSiteContent,
  legal: {
    privacy: defaultSiteContent.legal.privacy,
    terms: defaultSiteContent.legal.terms,
    cookies: SAMPLE_LEGAL('Cookie Policy'),
    responsibleAi: SAMPLE_LEGAL('Responsible AI'),
  },
};

/** The legal pages, the 404 page and the named router app page, as the server answers them. */
async function writeContentPages(dir: string): Promise<string[]> {
  const clientDir = path.join(ROOT, 'dist/client');
  const template = readFileSync(path.join(clientDir, TEMPLATE_FILE), 'utf8');
  const renderer = await loadEntryRenderer();
  const files: string[] = [];
  for (const legal of LEGAL_PAGES) {
    const file = path.join(dir, `legal${legal.path.replace(/\//g, '-')}.html`);
    writeFileSync(file, await renderLegalPage(renderer, template, LEGAL_SAMPLE_CONTENT, legal.key));
    files.push(file);
  }
  const named = path.join(dir, 'app-named.html');
  const company = { ...defaultSiteContent.company, name: 'Zed <Labs> & Co', shortName: 'Zed' };
  writeFileSync(
    named,
    appPageHtml(
      readFileSync(path.join(clientDir, 'app.html'), 'utf8'),
      {
        ...defaultSiteContent,
        company,
      },
      'Europe/Paris',
    ),
  );
  files.push(named);
  const notFound = path.join(dir, 'not-found.html');
  writeFileSync(notFound, await renderNotFoundPage(renderer, template, LEGAL_SAMPLE_CONTENT));
  files.push(notFound);
  return files;
}

/** The entries' pages and lists, fetched from a real server on a throwaway database. */
async function writeEntryPages(dir: string): Promise<{ files: string[]; paths: string[] }> {
  const server = await startServer({
    env: { ADMIN_USERNAME: SAMPLE_ADMIN.username, ADMIN_PASSWORD: SAMPLE_ADMIN.password },
  });
  try {
    const pages = await publishSampleEntries(server.url);
    // The home page with its proof sections, and the search page with results.
    const paths = ['/', pages.caseStudy, pages.insight, ...pages.lists, '/search?q=answers'];
    const files = await Promise.all(
      paths.map(async (page) => {
        const response = await fetch(`${server.url}${page}`);
        if (response.status !== 200) throw new Error(`${page}: HTTP ${response.status}`);
        const file = path.join(dir, `served${page.replace(/[^a-z0-9]+/g, '-')}.html`);
        writeFileSync(file, await response.text());
        return file;
      }),
    );
    return { files, paths };
  } finally {
    await server.stop();
  }
}

const KNOWN_CHECKER_GAPS: { message: string; reason: string }[] = [
  {
    message:
      'A “link” element with a “blocking” attribute must have a “rel” attribute whose value is “stylesheet”.',
    reason:
      'HTML allows blocking="render" on <link rel="expect"> (2024); the checker only knows rel=stylesheet',
  },
  {
    message: 'Attribute “pathLength” not allowed on element “rect” at this point.',
    reason: 'SVG 2 allows pathLength on every basic shape; the checker follows SVG 1.1',
  },
];

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
}

function runChecker(files: string[]): VnuMessage[] {
  let out: string;
  try {
    out = execFileSync('java', ['-jar', vnuJar, '--format', 'json', '--stdout', ...files], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    // The checker exits 1 when it reports errors; its JSON is on stdout all the same.
    const stdout = (error as { stdout?: string }).stdout;
    if (!stdout) {
      throw new Error(
        'The checker did not run. Is Java installed (apt-get install -y default-jre-headless)?',
        {
          cause: error,
        },
      );
    }
    out = stdout;
  }
  return (JSON.parse(out) as { messages: VnuMessage[] }).messages;
}

async function main() {
  if (!process.argv.includes('--no-build') && buildIfStale() !== 0) process.exit(1);
  const linkPagesDir = mkdtempSync(path.join(tmpdir(), 'link-pages-'));
  let messages: VnuMessage[];
  let entryPaths: string[];
  try {
    const linkPages = await writeLinkPages(linkPagesDir);
    const contentPages = await writeContentPages(linkPagesDir);
    const entryPages = await writeEntryPages(linkPagesDir);
    entryPaths = entryPages.paths;
    messages = runChecker([
      ...PAGES.map((p) => path.join(ROOT, p)),
      ...linkPages,
      ...contentPages,
      ...entryPages.files,
    ]);
  } finally {
    rmSync(linkPagesDir, { recursive: true, force: true });
  }
  const problems = messages.filter((m) => m.type !== 'info' || m.subType === 'warning');
  const css = problems.filter((m) => m.message.startsWith('CSS:'));
  const gaps = problems.filter((m) => KNOWN_CHECKER_GAPS.some((g) => g.message === m.message));
  const counted = problems.filter((m) => !css.includes(m) && !gaps.includes(m));

  const where = (m: VnuMessage) => `${path.basename(m.url ?? '?')}:${m.lastLine ?? '?'}`;
  const legal = LEGAL_PAGES.map((page) => page.path);
  console.log(
    `Nu Html Checker on ${[...PAGES, ...Object.keys(LINK_PAGE_VIEWS), ...legal, 'app-named.html', ...entryPaths].join(', ')}`,
  );
  console.log(`  set aside: ${css.length} CSS messages (Tailwind 4 syntax the checker predates)`);
  for (const gap of KNOWN_CHECKER_GAPS) {
    const seen = gaps.filter((m) => m.message === gap.message);
    if (seen.length) console.log(`  set aside: ${seen.map(where).join(', ')} ${gap.reason}`);
  }
  for (const m of counted) console.log(`  ${m.subType ?? m.type} ${where(m)} ${m.message}`);
  console.log(`${counted.length} errors and warnings`);
  if (counted.length > 0) process.exitCode = 1;
}

await main();
