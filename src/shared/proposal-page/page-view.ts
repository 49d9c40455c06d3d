/**
 * What the client's proposal card is drawn from (page-body.ts), and the classes its parts
 * share with the forms (page-forms.ts).
 */
import type { ClientProposal } from '../shapes/proposal-page';
import type { BuyerFormState } from './buyer-form';
import { focusRing } from '../ui-styles';

export type AcceptField = 'name' | 'email' | 'code' | 'agree';
export type DeclineField = 'reason';

/** The accept form as it was sent back: the typed values kept, each field's problem. */
export interface AcceptFormState {
  values: { name: string; email: string; code: string; agree: boolean };
  errors: Partial<Record<AcceptField, string>>;
  /** A code went to the address typed: the code field is shown, with this line. */
  codeNote?: string;
}

export interface DeclineFormState {
  values: { reason: string };
  errors: Partial<Record<DeclineField, string>>;
}

export interface ProposalPageView {
  proposal: ClientProposal;
  /**
   * The page's own address (`/p/<token>`): the forms post to it plus `/accept`, `/decline`,
   * `/checkout`, and the signed PDF is under it. Null in the admin's preview: the forms are
   * shown, switched off.
   */
  action: string | null;
  /** The site's zone: the day a decision was made is written in it. */
  timeZone: string;
  /** What the last post did (the redirect's `?done=`), said once above the card's state. */
  done?: 'accepted' | 'declined' | 'buyer';
  /** A refusal about the proposal itself (409) or too many tries (429). */
  problem?: string;
  accept?: AcceptFormState;
  decline?: DeclineFormState;
  /** The invoicing details' form as it was sent back (buyer-form.ts). */
  buyer?: BuyerFormState;
}

export const field =
  'mt-1 block w-full rounded-lg border border-line-strong bg-raised px-3 py-2 text-base text-ink aria-invalid:border-red-700 dark:aria-invalid:border-red-300 ' +
  focusRing;
export const errorText = 'mt-1 text-sm font-medium text-red-700 dark:text-red-300';
export const hint = 'mt-1 text-sm text-muted';
export const sectionHeading = 'text-lg font-bold text-ink';
export const link = `rounded font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800 dark:text-brand-300 dark:hover:text-brand-200 ${focusRing}`;
export const noticeBox = 'rounded-lg border p-4 font-medium';
export const goodBox = `${noticeBox} border-green-700 bg-green-50 text-green-800 dark:border-green-400 dark:bg-green-950 dark:text-green-200`;
export const badBox = `${noticeBox} border-red-700 bg-red-50 text-red-800 dark:border-red-400 dark:bg-red-950 dark:text-red-200`;
export const quietBox = `${noticeBox} border-line bg-subtle text-ink`;
