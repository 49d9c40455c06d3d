/**
 * The EN 16931 check of CII XML as the standard itself makes it (docs/invoices.md, "How the
 * tests check it"): the UN/CEFACT D16B schema with xmllint, then the CEN business rules
 * (tests/support/einvoice/, release 1.3.16) with Saxon-HE. Several files are checked per run:
 * one xmllint and one Java start for all of them, since a Java start with the 725 KB
 * stylesheet costs about 5 s of CPU. Needs Debian's libxml2-utils, libsaxonhe-java and
 * default-jre-headless (.ci/run installs them).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ARTEFACTS = fileURLToPath(new URL('./einvoice/', import.meta.url));
const SCHEMA = path.join(
  ARTEFACTS,
  'schema/CII/uncefact/data/standard/CrossIndustryInvoice_100pD16B.xsd',
);
const RULES = path.join(ARTEFACTS, 'xslt/EN16931-CII-validation.xslt');
const SAXON = process.env.SAXON_JAR ?? '/usr/share/java/Saxon-HE.jar';

export interface FailedRule {
  /** BR-CO-17, BR-AE-10, … */
  id: string;
  /** fatal or warning. */
  flag: string;
  text: string;
}

export interface CiiVerdict {
  /** xmllint's complaints about this file; none when it is valid against the schema. */
  schemaErrors: string[];
  /** Each business rule's failed assertion, by id and text. */
  failedRules: FailedRule[];
}

const unescape = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The failed assertions of one SVRL report. */
export function failedRules(svrl: string): FailedRule[] {
  return [...svrl.matchAll(/<svrl:failed-assert([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)].map(
    ([, attributes = '', body = '']) => ({
      id: /\bid="([^"]*)"/.exec(attributes)?.[1] ?? '?',
      flag: /\bflag="([^"]*)"/.exec(attributes)?.[1] ?? '?',
      text: unescape(/<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(body)?.[1] ?? '')
        .replace(/\s+/g, ' ')
        .trim(),
    }),
  );
}

/** xmllint's output lines that name `file`, but its "validates" line. */
function schemaErrorsOf(output: string, file: string): string[] {
  return output.split('\n').filter((line) => line.startsWith(file) && !line.endsWith(' validates'));
}

/**
 * Checks each XML of `documents` (name → text): one xmllint and one Saxon run for all.
 * Throws when a tool is missing; a broken rule is an answer, not an error.
 */
export async function checkCii(
  documents: Record<string, string>,
): Promise<Record<string, CiiVerdict>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'einvoice-'));
  try {
    const input = path.join(dir, 'in');
    const output = path.join(dir, 'out');
    await Promise.all([mkdir(input), mkdir(output)]);
    const names = Object.keys(documents);
    const files = names.map((name) => path.join(input, `${name}.xml`));
    await Promise.all(names.map((name, i) => writeFile(files[i] ?? '', documents[name] ?? '')));
    // xmllint exits 3 when a file fails the schema; its report is what is wanted.
    const lint = await run('xmllint', ['--noout', '--schema', SCHEMA, ...files]).catch(
      (error: { stdout?: string; stderr?: string; code?: number }) => {
        if (error.code !== 3) throw error;
        return { stdout: error.stdout ?? '', stderr: error.stderr ?? '' };
      },
    );
    await run(
      'java',
      ['-cp', SAXON, 'net.sf.saxon.Transform', `-s:${input}`, `-xsl:${RULES}`, `-o:${output}`],
      {
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    const verdicts: Record<string, CiiVerdict> = {};
    for (const [i, name] of names.entries()) {
      const svrl = await readFile(path.join(output, `${name}.xml`), 'utf8');
      verdicts[name] = {
        schemaErrors: schemaErrorsOf(lint.stderr, files[i] ?? ''),
        failedRules: failedRules(svrl),
      };
    }
    return verdicts;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
