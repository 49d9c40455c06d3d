/**
 * The client's invoicing details on their accepted proposal's page (docs/invoices.md, "The
 * buyer"): whom the invoices will name, given by the client (or corrected: the owner sees the
 * same on the lead). A plain form posted to the page's own address plus `/buyer`; shown while
 * invoicing is on, before the deposit, so the deposit's invoice names the client as they wish.
 */
import { escapeHtml as e } from '../escape-html';
import type { LeadBuyerShape } from '../shapes/invoices';
import { buttonClass } from '../ui-styles';
import { errorText, field, hint, sectionHeading, type ProposalPageView } from './page-view';

export const BUYER_FIELDS = [
  'name',
  'address1',
  'address2',
  'address3',
  'postcode',
  'city',
  'country',
  'vatId',
  'reference',
  'email',
] as const;
export type BuyerField = (typeof BUYER_FIELDS)[number];

export interface BuyerFormState {
  values: Record<BuyerField, string>;
  errors: Partial<Record<BuyerField, string>>;
}

export const BUYER_TEXTS = {
  heading: 'Invoicing details',
  intro: 'Whom our invoices for this work should name. You can correct them here at any time.',
  saved: 'Thank you: your invoices will name these details.',
  button: 'Save invoicing details',
  labels: {
    name: 'Company or full name',
    address1: 'Address',
    address2: 'Address, line 2 (optional)',
    address3: 'Address, line 3 (optional)',
    postcode: 'Postcode',
    city: 'City',
    country: 'Country code',
    vatId: 'VAT ID (optional)',
    reference: 'Your reference or order number (optional)',
    email: 'E-mail for invoices (optional)',
  } satisfies Record<BuyerField, string>,
  countryHint: 'Two letters, e.g. DE, FR, GB.',
  emailHint: 'Left empty: the address this proposal was sent to.',
} as const;
const T = BUYER_TEXTS;

/** The form's values from the details kept, or empty. */
export function buyerValues(buyer: LeadBuyerShape | null): BuyerFormState['values'] {
  return {
    name: buyer?.name ?? '',
    address1: buyer?.addressLines[0] ?? '',
    address2: buyer?.addressLines[1] ?? '',
    address3: buyer?.addressLines[2] ?? '',
    postcode: buyer?.postcode ?? '',
    city: buyer?.city ?? '',
    country: buyer?.country ?? '',
    vatId: buyer?.vatId ?? '',
    reference: buyer?.reference ?? '',
    email: buyer?.email ?? '',
  };
}

const INPUTS: Record<BuyerField, string> = {
  name: 'autocomplete="organization" required maxlength="200"',
  address1: 'autocomplete="address-line1" required maxlength="100"',
  address2: 'autocomplete="address-line2" maxlength="100"',
  address3: 'autocomplete="address-line3" maxlength="100"',
  postcode: 'autocomplete="postal-code" maxlength="20"',
  city: 'autocomplete="address-level2" required maxlength="100"',
  country: 'autocomplete="country" required maxlength="2" class-extra="max-w-24 uppercase"',
  vatId: 'maxlength="20"',
  reference: 'maxlength="100"',
  email: 'type="email" autocomplete="email" maxlength="254"',
};

function input(name: BuyerField, state: BuyerFormState, first: boolean): string {
  const id = `buyer-${name}`;
  const error = state.errors[name];
  const hintText = name === 'country' ? T.countryHint : name === 'email' ? T.emailHint : '';
  const describedBy = [error ? `${id}-error` : '', hintText ? `${id}-hint` : ''].filter(Boolean);
  const attributes = INPUTS[name];
  const extra = /class-extra="([^"]*)"/.exec(attributes)?.[1] ?? '';
  const rest = attributes.replace(/ ?class-extra="[^"]*"/, '');
  return `<div>
<label for="${id}" class="block font-medium text-ink">${T.labels[name]}</label>
${hintText ? `<p id="${id}-hint" class="${hint}">${hintText}</p>` : ''}
<input id="${id}" name="${name}" ${rest.includes('type=') ? '' : 'type="text" '}${rest} value="${e(state.values[name])}" class="${field} ${extra}"${error ? ' aria-invalid="true"' : ''}${describedBy.length ? ` aria-describedby="${describedBy.join(' ')}"` : ''}${first ? ' autofocus' : ''}>
${error ? `<p id="${id}-error" class="${errorText}">${e(error)}</p>` : ''}
</div>`;
}

export function buyerForm(view: ProposalPageView): string {
  const p = view.proposal;
  const state: BuyerFormState = view.buyer ?? { values: buyerValues(p.buyer), errors: {} };
  const firstWrong = BUYER_FIELDS.find((name) => state.errors[name] !== undefined);
  const open =
    view.action === null
      ? '<form class="mt-4"><fieldset disabled class="space-y-4">'
      : `<form method="post" action="${e(`${view.action}/buyer`)}" class="mt-4"><fieldset class="space-y-4">`;
  const saved =
    view.done === 'buyer'
      ? `<p role="status" class="mt-3 rounded-lg border border-green-700 bg-green-50 p-4 font-medium text-green-800">${T.saved}</p>`
      : '';
  return `<section aria-labelledby="buyer-heading" class="mt-8">
<h2 id="buyer-heading" class="${sectionHeading}">${T.heading}</h2>
<p class="mt-2 text-muted">${T.intro}</p>
${saved}
${open}
${BUYER_FIELDS.map((name) => input(name, state, name === firstWrong)).join('\n')}
<button type="submit" class="${buttonClass('secondary', 'md', 'w-full sm:w-auto')}">${T.button}</button>
</fieldset></form>
</section>`;
}
