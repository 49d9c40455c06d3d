/**
 * `npm run bench -- --only=invoice` (docs/invoices.md, "Performance"): issuing an invoice,
 * whose goal is at most 500 ms on the embedded file. First the files alone (the totals, the
 * EN 16931 XML and the PDF/A-3 with the XML inside) of two documents: the sample final invoice
 * (three lines, a deposit deducted) and one of 100 lines over several pages, the most an invoice
 * may hold; then the whole issue (number, PDF and XML). p50, p95 and the slowest of RUNS, after
 * a warm-up that loads pdf-lib, fontkit and the fonts once as a running server would have;
 * printed, never asserted (timed tests are flaky on shared machines).
 */
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { invoices } from '#db/schema';
import { ciiXml } from '#server/invoices/cii-xml';
import { storedDocument } from '#server/invoices/files';
import { invoiceFiles, invoicePdf } from '#server/invoices/invoice-pdf';
import type { InvoiceDocument } from '#server/invoices/document';
import { invoiceContent, invoiceDocument, item, sampleDocuments } from '#tests/support/invoices';
import { invoicing } from '#tests/support/invoicing';

const RUNS = Number(process.env.BENCH_INVOICES ?? 30);
const WARM_UP = 3;

export interface InvoiceBenchFigures {
  name: string;
  runs: number;
  p50: number;
  p95: number;
  max: number;
  pdfBytes: number;
}

async function measure(name: string, document: InvoiceDocument): Promise<InvoiceBenchFigures> {
  for (let i = 0; i < WARM_UP; i++) await invoiceFiles(document);
  const times: number[] = [];
  let pdfBytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const { pdf } = await invoiceFiles(document);
    times.push(performance.now() - started);
    pdfBytes = pdf.length;
  }
  return figuresOf(name, times, pdfBytes);
}

function figuresOf(name: string, times: number[], pdfBytes: number): InvoiceBenchFigures {
  times.sort((a, b) => a - b);
  const at = (share: number) =>
    times[Math.min(times.length - 1, Math.floor(share * times.length))] ?? 0;
  return { name, runs: times.length, p50: at(0.5), p95: at(0.95), max: at(1), pdfBytes };
}

/**
 * Issuing as the owner does, on the embedded file: `invoices.issue` through the router (one
 * transaction: the series' next number, the frozen parties, the document's hash, the audit
 * entry), then the PDF and the XML made from the stored record as their paths make them. A new
 * draft each run, so every run takes a number.
 */
async function measureIssue(): Promise<InvoiceBenchFigures> {
  const env = await invoicing();
  const issueOne = async () => {
    const id = await env.draft();
    const started = performance.now();
    await env.admin.invoices.issue({ id });
    const row = await env.deps.db.select().from(invoices).where(eq(invoices.id, id)).get();
    if (!row) throw new Error(`invoice ${id} is gone`);
    const document = await storedDocument(env.deps.db, row);
    const [pdf] = await Promise.all([invoicePdf(document), ciiXml(document)]);
    return { ms: performance.now() - started, pdfBytes: pdf.length };
  };
  for (let i = 0; i < WARM_UP; i++) await issueOne();
  const times: number[] = [];
  let pdfBytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const run = await issueOne();
    times.push(run.ms);
    pdfBytes = run.pdfBytes;
  }
  return figuresOf('issue: number, PDF and XML', times, pdfBytes);
}

/** The figures of both documents, for `npm run bench` or any caller. */
export async function invoiceBench(): Promise<InvoiceBenchFigures[]> {
  const longest = invoiceDocument(
    {},
    invoiceContent({
      items: Array.from({ length: 100 }, (_, i) =>
        item({ description: `Sprint ${i + 1}: retrieval, evaluation and the weekly report` }),
      ),
    }),
  );
  return [
    await measure('final invoice, 3 lines', sampleDocuments().final as InvoiceDocument),
    await measure('invoice, 100 lines', longest),
    await measureIssue(),
  ];
}

export async function main(): Promise<void> {
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  for (const figures of await invoiceBench()) {
    process.stdout.write(
      `${figures.name}: totals, XML and PDF p50 ${ms(figures.p50)}, p95 ${ms(figures.p95)}, ` +
        `max ${ms(figures.max)} over ${figures.runs} runs; PDF ${Math.round(figures.pdfBytes / 1024)} KB\n`,
    );
  }
  process.stdout.write('goal: issuing (number, PDF and XML) at most 500 ms on the embedded file\n');
}
