/**
 * The card of the client's proposal page (docs/proposals.md, "The client's page"), as HTML:
 * the server writes it into its page shell, and the admin's editor shows the same HTML as its
 * live preview. Pure (no Node, no DOM), and complete without JavaScript: the answers are plain
 * forms that post to the page's own address and get a page back.
 *
 * Every text from the owner or the client is escaped; the summary and the terms are Markdown
 * through the legal pages' safe renderer (raw HTML escaped, only safe links kept).
 */
import { calendarDayText } from '../calendar-days';
import { escapeHtml as e } from '../escape-html';
import { legalMarkdownToHtml } from '../legal-markdown';
import { dayText } from '../meeting-time';
import { formatMoney, lineAmount } from '../proposals';
import { hasVat, vatFigures, vatLabel } from '../proposal-vat';
import type { ClientProposal } from '../shapes/proposal-page';
import type { Proposal } from '../shapes/proposals';
import { buttonClass } from '../ui-styles';
import { PROPOSAL_PAGE_TEXTS as T } from './texts';
import { acceptForm, declineForm } from './page-forms';
import { buyerForm } from './buyer-form';
import {
  badBox,
  goodBox,
  link,
  quietBox,
  sectionHeading,
  type ProposalPageView,
} from './page-view';

export type {
  AcceptField,
  AcceptFormState,
  DeclineField,
  DeclineFormState,
  ProposalPageView,
} from './page-view';

/** The proposal's days ("Tuesday 2 June 2026"): a `validUntil` day is a calendar day as is. */
const dayOf = calendarDayText;
/** The day of a moment (a decision) in the site's zone. */
const dayAt = (iso: string, zone: string) => dayText(new Date(iso), zone);

/** 1.5 as "1.5", 2 as "2": the quantities have at most two decimals. */
const quantityText = (quantity: number) =>
  new Intl.NumberFormat('en', { maximumFractionDigits: 2 }).format(quantity);

/**
 * The owner's Markdown under a section's h2: its headings start at h3 (a `#` title becomes an
 * h3, `##` too, deeper ones h4), so the page keeps one h1 and its outline. Raw HTML is escaped
 * by the renderer, so every `<hN>` in its output is one of its own headings. A paragraph's
 * single line breaks flow as spaces: terms pasted with hard-wrapped lines reflow on a phone.
 */
function markdown(text: string): string {
  const html = legalMarkdownToHtml(text, { flow: true }).replace(
    /<(\/?)h([1-6])>/g,
    (_, close: string, level: string) => `<${close}h${Number(level) <= 2 ? 3 : 4}>`,
  );
  return `<div class="legal-text mt-3 break-words [&_h4]:mt-4 [&_h4]:font-semibold [&_h4]:text-ink">${html}</div>`;
}

/**
 * A footer row's label: over the description alone on a phone (where the quantity and price
 * columns are not shown), over the first three columns from 640 px, so the amounts line up.
 */
const footLabel = (html: string, classes: string) =>
  `<th scope="row" class="pr-3 text-left sm:hidden ${classes}">${html}</th><th scope="row" colspan="3" class="hidden pr-3 text-right sm:table-cell ${classes}">${html}</th>`;

/**
 * The items: on a phone two columns (the description with "2 × €500.00" under it, and the
 * amount); from 640 px the quantity and unit price have columns of their own.
 */
function itemsTable(p: ClientProposal): string {
  const money = (amount: number) => e(formatMoney(amount, p.currency));
  const rows = p.items
    .map((item) => {
      const quantity = e(quantityText(item.quantity));
      const vat = item.category
        ? `<span class="mt-1 block text-sm text-muted">${e(vatLabel(item))}</span>`
        : '';
      return `<tr class="border-b border-line align-top">
<td class="w-full py-3 pr-3 text-ink wrap-anywhere">${e(item.description)}<span class="mt-1 block text-sm text-muted sm:hidden">${T.each(quantity, money(item.unitAmount))}</span>${vat}</td>
<td class="hidden py-3 pr-3 text-right text-muted tabular-nums sm:table-cell">${quantity}</td>
<td class="hidden py-3 pr-3 text-right whitespace-nowrap text-muted tabular-nums sm:table-cell">${money(item.unitAmount)}</td>
<td class="py-3 text-right font-medium whitespace-nowrap text-ink tabular-nums">${money(lineAmount(item))}</td>
</tr>`;
    })
    .join('\n');
  const deposit =
    p.deposit && p.depositAmount > 0
      ? `<tr>${footLabel(
          `${e(p.deposit.kind === 'percent' ? T.depositPercent(p.deposit.value) : T.deposit)}<span class="block text-sm font-normal">${T.depositNote}</span>`,
          'pt-2 font-medium text-muted',
        )}
<td class="pt-2 text-right align-top font-medium whitespace-nowrap text-ink tabular-nums">${money(p.depositAmount)}</td></tr>`
      : '';
  return `<section aria-labelledby="items-heading" class="mt-8">
<h2 id="items-heading" class="${sectionHeading}">${T.itemsHeading}</h2>
<table class="mt-3 w-full border-collapse text-left">
<caption class="sr-only">${T.itemsCaption}</caption>
<thead><tr class="border-b border-line-strong text-sm text-muted">
<th scope="col" class="py-2 pr-3 font-medium">${T.description}</th>
<th scope="col" class="hidden py-2 pr-3 text-right font-medium sm:table-cell">${T.quantity}</th>
<th scope="col" class="hidden py-2 pr-3 text-right font-medium sm:table-cell">${T.unitPrice}</th>
<th scope="col" class="py-2 text-right font-medium">${T.amount}</th>
</tr></thead>
<tbody>
${rows}
</tbody>
<tfoot>
${vatRows(p)}
<tr>${footLabel(T.total, 'pt-3 text-lg font-bold text-ink')}
<td class="pt-3 text-right text-lg font-bold whitespace-nowrap text-ink tabular-nums">${money(p.total)}</td></tr>
${deposit}
</tfoot>
</table>
</section>`;
}

/** With VAT on the items: the net, then each group's tax, above the gross total. */
function vatRows(p: ClientProposal): string {
  if (!hasVat(p.items)) return '';
  const money = (amount: number) => e(formatMoney(amount, p.currency));
  const figures = vatFigures(p.items);
  const row = (label: string, amount: number) =>
    `<tr>${footLabel(label, 'pt-2 font-medium text-muted')}
<td class="pt-2 text-right font-medium whitespace-nowrap text-ink tabular-nums">${money(amount)}</td></tr>`;
  return [
    row(T.net, figures.net),
    ...figures.groups.map((group) => row(e(vatLabel(group)), group.tax)),
  ].join('\n');
}

/** `aria-invalid`, the described-by link to the problem, and focus on the first wrong field. */
function depositPart(view: ProposalPageView): string {
  const p = view.proposal;
  if (p.depositWay === 'none') return '';
  // What is still owed (the deposit less what was paid and kept), as Checkout asks it.
  const due = e(formatMoney(p.depositDue, p.currency));
  const deposit = e(formatMoney(p.depositAmount, p.currency));
  let body: string;
  if (p.depositWay === 'paid') {
    body = `<p class="${goodBox} mt-3">${T.depositPaid}</p>`;
  } else if (p.depositWay === 'stripe') {
    const open =
      view.action === null
        ? '<form class="mt-3"><fieldset disabled>'
        : `<form method="post" action="${e(`${view.action}/checkout`)}" class="mt-3"><fieldset>`;
    body = `<p class="mt-2 text-ink">${T.payDepositAmount(due, deposit)}</p>
${open}<button type="submit" class="${buttonClass('primary', 'lg', 'w-full sm:w-auto')}">${T.payDeposit}</button></fieldset></form>`;
  } else {
    body = `<p class="mt-2 text-ink">${T.bankTransfer(due, deposit)}</p>
<p class="mt-2 rounded-lg bg-subtle p-4 font-mono text-sm whitespace-pre-line break-words text-ink">${e(p.bankTransferText ?? '')}</p>`;
  }
  return `<section aria-labelledby="deposit-heading" class="mt-6">
<h2 id="deposit-heading" class="${sectionHeading}">${T.depositHeading}</h2>
${body}
</section>`;
}

/** What the client can do now, or what became of the proposal. */
function statePart(view: ProposalPageView): string {
  const p = view.proposal;
  const replaced = p.linkVersion < p.version;
  const notices: string[] = [];
  if (view.done === 'accepted' && p.status === 'accepted') {
    notices.push(`<p role="status" class="${goodBox}">${T.acceptedNotice}</p>`);
  }
  if (view.done === 'declined' && p.status === 'declined') {
    notices.push(`<p role="status" class="${quietBox}">${T.declinedNotice}</p>`);
  }
  if (view.problem) notices.push(`<p role="alert" class="${badBox}">${e(view.problem)}</p>`);
  const top = notices.length ? `<div class="mt-6 space-y-3">${notices.join('\n')}</div>` : '';

  let rest = '';
  if (p.status === 'accepted' && p.acceptance) {
    const pdf =
      view.action === null
        ? ''
        : `<p class="mt-3"><a href="${e(`${view.action}/pdf`)}" class="${link}">${T.signedPdf}</a></p>`;
    rest = `<section aria-labelledby="decision-heading" class="mt-10">
<h2 id="decision-heading" class="${sectionHeading}">${T.acceptedHeading}</h2>
<p class="mt-3 ${goodBox}">${e(T.acceptedBy(p.acceptance.name, dayAt(p.acceptance.at, view.timeZone)))}</p>
${pdf}
</section>
${p.invoicing ? buyerForm(view) : ''}
${depositPart(view)}`;
  } else if (p.status === 'declined') {
    const day = p.decidedAt ? dayAt(p.decidedAt, view.timeZone) : '';
    rest = `<p class="mt-10 ${quietBox}">${e(T.declinedOn(day))}</p>`;
  } else if (p.status === 'expired') {
    rest = `<p class="mt-10 ${quietBox}">${e(T.expiredOn(p.validUntil ? dayOf(p.validUntil) : ''))}</p>`;
  } else if (p.status === 'withdrawn') {
    rest = `<p class="mt-10 ${quietBox}">${T.withdrawn}</p>`;
  } else if ((p.status === 'sent' || p.status === 'viewed') && !replaced) {
    rest = `${acceptForm(view)}\n${declineForm(view)}`;
  }
  return `${top}${rest}`;
}

/** The card after its heading (the proposal's title, which the page shell writes as h1). */
export function proposalPageBody(view: ProposalPageView): string {
  const p = view.proposal;
  const replaced =
    p.linkVersion < p.version
      ? `<p class="mt-6 ${quietBox}">${e(T.replacedBy(p.linkVersion, p.version))}</p>`
      : '';
  const valid = p.validUntil
    ? `<div><dt class="inline text-muted">${T.validUntil}:</dt> <dd class="inline font-medium text-ink">${e(dayOf(p.validUntil))}</dd></div>`
    : '';
  const summary = p.summary.trim()
    ? `<section aria-labelledby="summary-heading" class="mt-8">
<h2 id="summary-heading" class="${sectionHeading}">${T.summaryHeading}</h2>
${markdown(p.summary)}
</section>`
    : '';
  const terms = p.terms.trim()
    ? `<section aria-labelledby="terms-heading" class="mt-8">
<h2 id="terms-heading" class="${sectionHeading}">${T.termsHeading}</h2>
${markdown(p.terms)}
</section>`
    : '';
  return `<dl class="mt-2 space-y-1 text-sm">
<div><dt class="sr-only">${T.numberTerm}</dt><dd class="text-muted">${e(T.numberLine(p.number, p.version))}</dd></div>
${valid}
</dl>
${replaced}
${summary}
${itemsTable(p)}
${terms}
${statePart(view)}`;
}

/**
 * The admin's live preview of a proposal (a draft as a rule): the card its client will see
 * once it is sent, forms included but switched off, and no link to act on.
 */
export function previewPageView(proposal: Proposal, timeZone: string): ProposalPageView {
  return {
    proposal: {
      number: proposal.number,
      version: proposal.version,
      linkVersion: proposal.version,
      title: proposal.title,
      summary: proposal.summary,
      items: proposal.items,
      currency: proposal.currency,
      deposit: proposal.deposit,
      total: proposal.total,
      depositAmount: proposal.depositAmount,
      // A preview is of the proposal before any payment.
      depositDue: proposal.depositAmount,
      validUntil: proposal.validUntil,
      terms: proposal.terms,
      // A draft is shown as its client will first see it: open, with its answers.
      status: proposal.status === 'draft' ? 'sent' : proposal.status,
      sentAt: proposal.sentAt,
      decidedAt: proposal.decidedAt,
      declineReason: proposal.declineReason,
      acceptance: proposal.acceptance,
      depositWay: 'none',
      bankTransferText: null,
      // The preview is of the proposal before acceptance: no invoicing details asked yet.
      invoicing: false,
      buyer: null,
    },
    action: null,
    timeZone,
  };
}
