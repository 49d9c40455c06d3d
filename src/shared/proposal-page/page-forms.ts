/**
 * The client's two answers as plain forms (docs/proposals.md, "The client's page"): accept
 * with a typed name, an address (and a code for another one) and the box; decline with an
 * optional reason. Posted to the page's own address; switched off in the admin's preview.
 */
import { escapeHtml as e } from '../escape-html';
import { buttonClass, focusRing } from '../ui-styles';
import { PROPOSAL_PAGE_TEXTS as T } from './texts';
import {
  errorText,
  field,
  hint,
  sectionHeading,
  type AcceptField,
  type ProposalPageView,
} from './page-view';

function fieldState(id: string, error: string | undefined, first: boolean, more = ''): string {
  const describedBy = [error ? `${id}-error` : '', more].filter(Boolean).join(' ');
  return `${error ? ' aria-invalid="true"' : ''}${describedBy ? ` aria-describedby="${describedBy}"` : ''}${first ? ' autofocus' : ''}`;
}

const problemLine = (id: string, error: string | undefined) =>
  error ? `<p id="${id}-error" class="${errorText}">${e(error)}</p>` : '';

/**
 * A form posting to the page's address plus `/<what>`; in the preview (no address) its fields
 * are shown inside a switched-off fieldset, so nothing can be sent from there.
 */
function formOpen(view: ProposalPageView, what: 'accept' | 'decline'): string {
  if (view.action === null) return '<form class="mt-4"><fieldset disabled class="space-y-5">';
  return `<form method="post" action="${e(`${view.action}/${what}`)}" class="mt-4"><fieldset class="space-y-5">`;
}

const formClose = (): string => '</fieldset></form>';

export function acceptForm(view: ProposalPageView): string {
  const state = view.accept;
  const values = state?.values ?? { name: '', email: '', code: '', agree: false };
  const errors = state?.errors ?? {};
  const askCode = state?.codeNote !== undefined || errors.code !== undefined;
  const order: AcceptField[] = ['name', 'email', 'code', 'agree'];
  const firstWrong = order.find((name) => errors[name] !== undefined);
  // After a code went out, the code field is where the client continues.
  const focus = firstWrong ?? (askCode ? 'code' : undefined);
  const code = askCode
    ? `<div>
<label for="accept-code" class="block font-medium text-ink">${T.codeLabel}</label>
${state?.codeNote ? `<p id="accept-code-note" class="${hint}">${e(state.codeNote)}</p>` : ''}
<input id="accept-code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" value="${e(values.code)}" class="${field} max-w-40 tracking-widest"${fieldState('accept-code', errors.code, focus === 'code', state?.codeNote ? 'accept-code-note' : '')}>
${problemLine('accept-code', errors.code)}
</div>`
    : '';
  return `<section aria-labelledby="accept-heading" class="mt-10 rounded-xl border border-line-strong bg-raised p-4 sm:p-6">
<h2 id="accept-heading" class="${sectionHeading}">${T.acceptHeading}</h2>
<p class="mt-2 text-muted">${T.acceptIntro}</p>
${formOpen(view, 'accept')}
<div>
<label for="accept-name" class="block font-medium text-ink">${T.nameLabel}</label>
<input id="accept-name" name="name" type="text" autocomplete="name" required maxlength="200" value="${e(values.name)}" class="${field}"${fieldState('accept-name', errors.name, focus === 'name')}>
${problemLine('accept-name', errors.name)}
</div>
<div>
<label for="accept-email" class="block font-medium text-ink">${T.emailLabel}</label>
<p id="accept-email-hint" class="${hint}">${T.emailHint}</p>
<input id="accept-email" name="email" type="email" autocomplete="email" required maxlength="254" value="${e(values.email)}" class="${field}"${fieldState('accept-email', errors.email, focus === 'email', 'accept-email-hint')}>
${problemLine('accept-email', errors.email)}
</div>
${code}
<div>
<div class="flex items-start gap-3">
<input id="accept-agree" name="agree" type="checkbox" value="yes" required${values.agree ? ' checked' : ''} class="mt-0.5 size-6 shrink-0 accent-brand-700 dark:accent-brand-400 ${focusRing}"${fieldState('accept-agree', errors.agree, focus === 'agree')}>
<label for="accept-agree" class="font-medium text-ink">${T.agreeLabel}</label>
</div>
${problemLine('accept-agree', errors.agree)}
</div>
<button type="submit" class="${buttonClass('primary', 'lg', 'w-full sm:w-auto')}">${T.acceptButton}</button>
${formClose()}
</section>`;
}

export function declineForm(view: ProposalPageView): string {
  const state = view.decline;
  const error = state?.errors.reason;
  return `<section aria-labelledby="decline-heading" class="mt-8">
<h2 id="decline-heading" class="${sectionHeading}">${T.declineHeading}</h2>
<p class="mt-2 text-muted">${T.declineIntro}</p>
${formOpen(view, 'decline')}
<div>
<label for="decline-reason" class="block font-medium text-ink">${T.reasonLabel}</label>
<textarea id="decline-reason" name="reason" rows="3" maxlength="2000" class="${field}"${fieldState('decline-reason', error, error !== undefined)}>${e(state?.values.reason ?? '')}</textarea>
${problemLine('decline-reason', error)}
</div>
<button type="submit" class="${buttonClass('secondary', 'md', 'w-full sm:w-auto')}">${T.declineButton}</button>
${formClose()}
</section>`;
}

/** The deposit once accepted: paid, paid by card through Stripe, or by bank transfer. */
