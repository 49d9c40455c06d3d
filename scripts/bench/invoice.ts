/**
 * The invoice's files as issuing makes them (docs/invoices.md, "Performance"): the
 * totals, the EN 16931 XML and the PDF/A-3 with the XML inside, from an issued document, the
 * number aside (the next step's transaction). p50, p95 and the slowest of RUNS, after a warm-up
 * that loads pdf-lib, fontkit and the fonts once as a running server would have; printed,
 * never asserted (timed tests are flaky on shared machines). The goal: well under 500 ms.
 * Two documents: the sample final invoice (three lines, a deposit deducted) and one of 100
 * lines over several pages, the most an invoice may hold.
 */
import { performance } from 'node:perf_hooks';
import { invoiceFiles } from '#server/invoices/invoice-pdf';
import type { InvoiceDocument } from '#server/invoices/document';
import { invoiceContent, invoiceDocument, item, sampleDocuments } from '#tests/support/invoices';

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
  times.sort((a, b) => a - b);
  const at = (share: number) =>
    times[Math.min(times.length - 1, Math.floor(share * times.length))] ?? 0;
  return { name, runs: RUNS, p50: at(0.5), p95: at(0.95), max: at(1), pdfBytes };
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
}
