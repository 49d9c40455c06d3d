import { useMemo, useState } from 'react';
import { escapeHtml } from '#shared/escape-html';
import { previewPageView, proposalPageBody } from '#shared/proposal-page/page-body';
import type { Proposal } from '#shared/shapes/proposals';
import { adminTimeZone } from '../ui/date-time';
import { useDebouncedValue } from '../ui/use-debounced-value';
import { typedAmounts, type ProposalValues, type VatDefaults } from './proposal-values';

/** The preview follows the typing after this pause (as the newsletter editor's does). */
export const PREVIEW_DEBOUNCE_MS = 200;

/**
 * The draft as typed, with the figures the server will store for it (`proposalAmounts`): its
 * items with their VAT, those left to the profile with its defaults when known.
 */
export function previewOf(
  proposal: Proposal,
  values: ProposalValues,
  vatDefaults: VatDefaults | null,
): Proposal {
  const { items, currency, deposit, net, tax, total, depositAmount } = typedAmounts(
    values,
    proposal.currency,
    vatDefaults,
  );
  return {
    ...proposal,
    title: values.title,
    summary: values.summary,
    items,
    currency,
    deposit,
    net,
    tax,
    total,
    depositAmount,
    validUntil: values.validUntil === '' ? null : values.validUntil,
    terms: values.terms,
  };
}

/**
 * The admin page's own stylesheet (inlined into app.html by the build, Vite's in development):
 * the site's one stylesheet, the client's page's too.
 */
function siteStyles(): string {
  return Array.from(document.head.querySelectorAll('style, link[rel="stylesheet"]'))
    .map((element) => element.outerHTML)
    .join('\n');
}

/** The client's page's card as the server writes it (without the site's header), light. */
export function previewDocument(proposal: Proposal, styles: string, timeZone: string): string {
  const title = escapeHtml(proposal.title);
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
${styles}
</head>
<body class="bg-subtle">
<main class="px-3 py-4 sm:px-4 sm:py-8">
<div class="mx-auto w-full max-w-3xl rounded-2xl border border-line bg-surface p-5 text-left shadow-lg sm:p-8">
<h1 class="text-2xl font-bold text-ink">${title}</h1>
${proposalPageBody(previewPageView(proposal, timeZone))}
</div>
</main>
</body>
</html>`;
}

/**
 * The client's page of the draft (docs/proposals.md, "Admin screens"): the server's own card
 * (shared/proposal-page/) drawn again once the typing pauses, in a frame with `sandbox=""` (no
 * script, an origin of its own, no forms, no navigation) and `srcdoc`, in the site's
 * stylesheet, so the page's markup never touches the admin's.
 */
export function ProposalPreview({
  proposal,
  values,
  vatDefaults,
}: {
  proposal: Proposal;
  values: ProposalValues;
  /** The profile's VAT for items left to it, while invoicing is on. */
  vatDefaults: VatDefaults | null;
}) {
  const settled = useDebouncedValue(values, PREVIEW_DEBOUNCE_MS);
  // Read once: the admin's stylesheet does not change while the page is open.
  const [styles] = useState(siteStyles);
  const html = useMemo(
    () => previewDocument(previewOf(proposal, settled, vatDefaults), styles, adminTimeZone()),
    [proposal, settled, styles, vatDefaults],
  );
  return (
    <section aria-labelledby="proposal-preview-heading" className="flex flex-col gap-3">
      <h2 id="proposal-preview-heading" className="text-lg font-semibold text-ink">
        Preview
      </h2>
      <p className="text-sm text-muted">
        Your client&rsquo;s page, as you type. Its buttons work on the page itself, not here.
      </p>
      <iframe
        title="The client's page"
        sandbox=""
        srcDoc={html}
        className="h-[40rem] w-full rounded-md border border-line bg-white"
      />
    </section>
  );
}
