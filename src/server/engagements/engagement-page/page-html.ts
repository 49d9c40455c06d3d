/**
 * The client's engagement page as HTML (docs/engagements.md, "What the client sees"): the
 * site's header and one card in the server's page shell, phone first (one column, sections one
 * under the other), readable with no script at all: every link is a plain link, the message
 * form a plain form. The owner's preview is the same HTML with no working paths.
 */
import { buttonClass, focusRing } from '#shared/ui-styles';
import { formatMoney } from '#shared/proposals';
import { siteTimeText } from '#shared/mail/site-time';
import { ENGAGEMENT_PAGE_TEXTS as T } from '#shared/engagements/texts';
import { escapeHtml as e } from '#shared/escape-html';
import type { EngagementPage } from '#shared/shapes/engagement-page';
import type { SiteBrand } from '#server/site/site-brand';
import { renderPageShell, type PageShellAssets } from '#server/http/page-shell';

export type EngagementPageState =
  | { state: 'engagement'; page: EngagementPage; timeZone: string; preview: boolean }
  | { state: 'not-found' }
  | { state: 'gone' }
  | { state: 'link-form'; message?: string; error?: string; email?: string }
  | { state: 'unavailable'; message?: string };

const linkClass = `rounded font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800 dark:text-brand-300 ${focusRing}`;
/** A section; `id` is where a form's answer comes back to (`/e/<token>#thread`). */
const section = (heading: string, body: string, id?: string) =>
  `<section class="mt-8"${id ? ` id="${id}"` : ''}><h2 class="text-lg font-semibold text-ink">${e(heading)}</h2>${body}</section>`;
const muted = (text: string) => `<p class="mt-2 text-muted">${e(text)}</p>`;
const link = (href: string | null, label: string) =>
  href === null ? e(label) : `<a href="${e(href)}" class="${linkClass}">${e(label)}</a>`;
const list = (items: string[]) =>
  `<ul class="mt-3 divide-y divide-line rounded-lg border border-line">${items.map((item) => `<li class="p-3">${item}</li>`).join('')}</ul>`;

function proposalSection(page: EngagementPage, timeZone: string): string {
  const p = page.proposal;
  if (!p) return '';
  const signed = p.signedAt ? siteTimeText(new Date(p.signedAt), timeZone) : '';
  return section(
    T.proposalHeading,
    `<p class="mt-2 font-medium text-ink">${e(p.title)}</p>
<p class="mt-1 text-sm text-muted">${e(`${p.number} (version ${p.version}) · ${formatMoney(p.total, p.currency)}`)}</p>
<p class="mt-1 text-sm text-muted">${e(`${T.signedBy} ${p.signedBy}, ${signed}`)}</p>
${p.summary ? `<p class="mt-3 whitespace-pre-wrap text-ink">${e(p.summary)}</p>` : ''}
<p class="mt-3">${link(p.pdfPath, T.proposalPdf)}</p>`,
  );
}

function invoicesSection(page: EngagementPage): string {
  if (page.invoices.length === 0) return section(T.invoicesHeading, muted(T.noInvoices));
  const items = page.invoices.map((invoice) => {
    const kind = invoice.kind === 'credit_note' ? 'Credit note' : 'Invoice';
    const due = invoice.dueDate ? `, due ${invoice.dueDate}` : '';
    return `<span class="block font-medium text-ink">${e(`${kind} ${invoice.number}`)}</span>
<span class="block text-sm text-muted">${e(`${invoice.issueDate ?? ''}${due} · ${formatMoney(invoice.gross, invoice.currency)}`)}</span>
<span class="mt-1 block">${link(invoice.pdfPath, T.invoicePdf)}</span>`;
  });
  return section(T.invoicesHeading, list(items));
}

function callsSection(page: EngagementPage, timeZone: string): string {
  if (page.calls.length === 0) return section(T.callsHeading, muted(T.noCalls));
  const items = page.calls.map((call) => {
    const when = siteTimeText(new Date(call.start), timeZone);
    // Each link names its call to a screen reader: several read "Move or cancel" on screen.
    const manage =
      call.managePath === null
        ? ''
        : `<span class="mt-1 block"><a href="${e(call.managePath)}" class="${linkClass}">${e(T.callManage)}<span class="sr-only">${e(` the call of ${when}`)}</span></a></span>`;
    return `<span class="block font-medium text-ink">${e(when)}</span><span class="block text-sm text-muted">${e(call.location)}</span>${manage}`;
  });
  // The owner's preview has no working paths: the client's mails are named instead.
  const linked = page.calls.some((call) => call.managePath !== null);
  return section(T.callsHeading, list(items) + (linked ? '' : muted(T.callChange)));
}

function filesSection(page: EngagementPage): string {
  const items = page.files.map(
    (file) =>
      `${link(file.downloadPath, file.name)} <span class="text-sm text-muted">${e(`${Math.ceil(file.size / 1024)} KB`)}</span>`,
  );
  const form =
    page.uploadPath === null
      ? ''
      : `<form method="post" action="${e(page.uploadPath)}" enctype="multipart/form-data" class="mt-4">
<label for="file" class="block font-medium text-ink">${T.fileLabel}</label>
<p id="file-hint" class="text-sm text-muted">${T.fileHint}</p>
<input id="file" name="file" type="file" required aria-describedby="file-hint" class="mt-1 block w-full text-ink ${focusRing}">
<button type="submit" class="mt-3 w-full sm:w-auto ${buttonClass('secondary', 'md')}">${T.upload}</button>
</form>`;
  return section(
    T.filesHeading,
    (items.length === 0 ? muted(T.noFiles) : list(items)) + form,
    'files',
  );
}

function threadSection(page: EngagementPage, timeZone: string): string {
  const messages =
    page.thread.length === 0
      ? muted(T.noMessages)
      : list(
          page.thread.map(
            (m) =>
              `<span class="block text-sm text-muted">${e(`${m.from === 'client' ? T.fromClient : T.fromOwner}, ${siteTimeText(new Date(m.at), timeZone)}`)}</span><span class="mt-1 block whitespace-pre-wrap text-ink">${e(m.text)}</span>`,
          ),
        );
  const form =
    page.messagePath === null
      ? ''
      : `<form method="post" action="${e(page.messagePath)}" class="mt-4">
<label for="text" class="block font-medium text-ink">${T.messageLabel}</label>
<textarea id="text" name="text" rows="5" required minlength="1" maxlength="5000" class="mt-1 block w-full rounded-lg border border-line bg-surface p-3 text-ink ${focusRing}"></textarea>
<button type="submit" class="mt-3 w-full sm:w-auto ${buttonClass('primary', 'md')}">${T.send}</button>
</form>`;
  return section(T.threadHeading, messages + form, 'thread');
}

function engagementBody(view: Extract<EngagementPageState, { state: 'engagement' }>): string {
  const { page, timeZone } = view;
  const notes = [
    view.preview
      ? `<p class="mt-3 rounded-lg bg-subtle p-3 text-sm text-ink">${T.preview}</p>`
      : '',
    page.readOnly
      ? `<p class="mt-3 rounded-lg bg-subtle p-3 text-sm text-ink">${T.closedNote}</p>`
      : '',
  ].join('');
  return (
    notes +
    proposalSection(page, timeZone) +
    invoicesSection(page) +
    callsSection(page, timeZone) +
    filesSection(page) +
    threadSection(page, timeZone)
  );
}

function linkFormBody(view: Extract<EngagementPageState, { state: 'link-form' }>): string {
  const said = view.message
    ? `<p role="status" class="mt-3 rounded-lg bg-subtle p-3 text-ink">${e(view.message)}</p>`
    : '';
  const error = view.error
    ? `<p id="email-error" class="mt-1 text-sm text-red-700">${e(view.error)}</p>`
    : '';
  return `<p class="mt-3 text-muted">${T.linkPrompt}</p>${said}
<form method="post" action="/e/link" class="mt-4">
<label for="email" class="block font-medium text-ink">${T.emailLabel}</label>
<input id="email" name="email" type="email" required maxlength="254" autocomplete="email" value="${e(view.email ?? '')}"${view.error ? ' aria-invalid="true" aria-describedby="email-error"' : ''} class="mt-1 block w-full rounded-lg border border-line bg-surface p-3 text-ink ${focusRing}">
${error}<button type="submit" class="mt-3 w-full sm:w-auto ${buttonClass('primary', 'md')}">${T.linkSubmit}</button>
</form>`;
}

const home = `<p class="mt-10 text-center">${link('/', T.home)}</p>`;

function headingAndBody(view: EngagementPageState): { heading: string; body: string } {
  switch (view.state) {
    case 'engagement':
      return { heading: view.page.title, body: engagementBody(view) };
    case 'link-form':
      return { heading: T.linkHeading, body: linkFormBody(view) };
    case 'not-found':
    case 'gone':
      return {
        heading: view.state === 'gone' ? T.goneHeading : T.notFoundHeading,
        body: `<p class="mt-3"><a href="/e/link" class="${linkClass}">${T.askLink}</a></p>`,
      };
    case 'unavailable':
      return { heading: T.unavailableHeading, body: muted(view.message ?? '') };
  }
}

export function renderEngagementPage(
  view: EngagementPageState,
  assets: PageShellAssets,
  company: SiteBrand,
): string {
  const { heading, body } = headingAndBody(view);
  return renderPageShell({
    company,
    assets,
    withScript: false,
    themeScript: false,
    referrer: 'same-origin',
    mainClass: 'flex flex-1 items-start justify-center px-4 py-6 sm:py-12',
    cardClass:
      'w-full max-w-3xl rounded-2xl border border-line bg-surface p-5 text-left shadow-lg sm:p-8',
    heading,
    body: body + home,
  });
}
