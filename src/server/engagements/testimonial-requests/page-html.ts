/**
 * The client's testimonial pages as HTML (docs/engagements.md, "Testimonials"): `/t/<token>`
 * (the words in an editable field, marked "suggested wording, edit freely" when the model wrote
 * them; the boxes of what may be shown; the consent sentence; Approve and Decline) and
 * `/t/withdraw/<token>` (a confirm form). Plain forms, no script at all: they work with
 * JavaScript off. Every text is escaped.
 */
import { escapeHtml as e } from '#shared/escape-html';
import {
  TESTIMONIAL_PAGE_TEXTS as T,
  TESTIMONIAL_REQUEST_LIMITS,
  type ClientTestimonialRequest,
  type TestimonialShow,
} from '#shared/engagements/testimonial-requests';
import {
  badBox,
  errorText,
  field,
  goodBox,
  hint,
  sectionHeading,
} from '#shared/proposal-page/page-view';
import { buttonClass, focusRing } from '#shared/ui-styles';
import { renderPageShell, type PageShellAssets } from '#server/http/page-shell';
import type { SiteBrand } from '#server/site/site-brand';

export interface RequestForm {
  values: { text: string; show: TestimonialShow; consent: boolean };
  errors: { text?: string; consent?: string };
}

export type TestimonialPage =
  | {
      state: 'request';
      request: ClientTestimonialRequest;
      action: string;
      form?: RequestForm;
      problem?: string;
    }
  | { state: 'done'; message: string; heading?: string }
  | { state: 'withdraw'; action: string; problem?: string }
  | { state: 'ended'; heading: string; message: string };

const SHOW_KEYS = ['name', 'role', 'company', 'photo'] as const;

const described = (id: string, error: string | undefined) =>
  error ? ` aria-invalid="true" aria-describedby="${id}-error"` : '';

const problemLine = (id: string, error: string | undefined) =>
  error ? `<p id="${id}-error" class="${errorText}">${e(error)}</p>` : '';

const problemBox = (problem: string | undefined) =>
  problem ? `<p role="alert" class="mt-4 ${badBox}">${e(problem)}</p>` : '';

function requestBody(page: Extract<TestimonialPage, { state: 'request' }>): string {
  const { request } = page;
  const values = page.form?.values ?? {
    text: request.suggestedText,
    show: { name: true, role: false, company: request.company !== '', photo: false },
    consent: false,
  };
  const errors = page.form?.errors ?? {};
  const suggested = request.suggestedByAi
    ? `<p id="words-hint" class="${hint}">${e(T.suggested)}</p>`
    : '';
  const describedBy = [request.suggestedByAi ? 'words-hint' : '', errors.text ? 'words-error' : '']
    .filter(Boolean)
    .join(' ');
  const wordsState = `${errors.text ? ' aria-invalid="true"' : ''}${describedBy ? ` aria-describedby="${describedBy}"` : ''}`;
  const boxes = SHOW_KEYS.map(
    (key) => `<label class="flex items-center gap-3 text-ink">
<input type="checkbox" name="show_${key}" value="yes"${values.show[key] ? ' checked' : ''} class="size-5 accent-brand-700 ${focusRing}"> ${e(T.show[key])}</label>`,
  ).join('\n');
  return `<p class="mt-3 text-muted">${e(T.intro)}</p>
${problemBox(page.problem)}
<form method="post" action="${e(`${page.action}/approve`)}" class="mt-6 space-y-5">
<div>
<label for="words" class="block font-medium text-ink">${e(T.wordsLabel)}</label>
${suggested}
<textarea id="words" name="text" rows="6" required maxlength="${TESTIMONIAL_REQUEST_LIMITS.textMax}" class="${field}"${wordsState}>${e(values.text)}</textarea>
${problemLine('words', errors.text)}
</div>
<fieldset class="space-y-2">
<legend class="${sectionHeading}">${e(T.showLegend)}</legend>
${boxes}
</fieldset>
<div>
<label class="flex items-start gap-3 text-ink">
<input type="checkbox" name="consent" value="yes" required${values.consent ? ' checked' : ''} class="mt-0.5 size-6 shrink-0 accent-brand-700 ${focusRing}"${described('consent', errors.consent)}>
<span>${e(request.consentText)}</span></label>
${problemLine('consent', errors.consent)}
</div>
<button type="submit" class="${buttonClass('primary')}">${e(T.approve)}</button>
</form>
<form method="post" action="${e(`${page.action}/decline`)}" class="mt-4">
<button type="submit" class="${buttonClass('secondary')}">${e(T.decline)}</button>
</form>`;
}

function withdrawBody(page: Extract<TestimonialPage, { state: 'withdraw' }>): string {
  return `<p class="mt-3 text-muted">${e(T.withdrawPrompt)}</p>
${problemBox(page.problem)}
<form method="post" action="${e(page.action)}" class="mt-6">
<button type="submit" class="${buttonClass('primary')}">${e(T.withdrawButton)}</button>
</form>`;
}

export function renderTestimonialPage(
  page: TestimonialPage,
  assets: PageShellAssets,
  company: SiteBrand,
): string {
  const shell = {
    company,
    assets,
    withScript: false,
    themeScript: false,
    mainClass: 'flex flex-1 items-start justify-center px-4 py-8 sm:py-12',
    cardClass:
      'w-full max-w-2xl rounded-2xl border border-line bg-surface p-5 text-left shadow-lg sm:p-8',
  };
  switch (page.state) {
    case 'request':
      return renderPageShell({ ...shell, heading: T.heading, body: requestBody(page) });
    case 'withdraw':
      return renderPageShell({ ...shell, heading: T.withdrawHeading, body: withdrawBody(page) });
    case 'done':
      return renderPageShell({
        ...shell,
        heading: page.heading ?? T.heading,
        body: `<p role="status" class="mt-4 ${goodBox}">${e(page.message)}</p>`,
      });
    case 'ended':
      return renderPageShell({
        ...shell,
        heading: page.heading,
        body: `<p class="mt-3 text-muted">${e(page.message)}</p>`,
      });
  }
}
