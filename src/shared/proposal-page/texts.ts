/**
 * Every word of the client's proposal page and of its public API's answers (docs/proposals.md,
 * "The client's page"), in one object: the server's page, the admin's live preview and the
 * procedures' messages read them from here.
 */
import { PROPOSAL_LIMITS } from '../proposals';
import { MESSAGES } from '../messages';

export const PROPOSAL_PAGE_TEXTS = {
  notFoundHeading: 'This link is not valid',
  notFoundPrompt:
    'It may have been copied only in part. The e-mail that brought the proposal has the whole link.',
  unavailableHeading: 'This page is unavailable',
  unavailablePrompt: 'Please try again in a moment.',
  home: 'Back to the home page',

  numberTerm: 'Number and version',
  numberLine: (number: string, version: number) => `${number}, version ${version}`,
  validUntil: 'Valid until',
  summaryHeading: 'Summary',
  itemsHeading: 'What is included',
  itemsCaption: 'The items of this proposal, their quantities and prices',
  description: 'Description',
  quantity: 'Qty',
  unitPrice: 'Unit price',
  amount: 'Amount',
  each: (quantity: string, price: string) => `${quantity} × ${price}`,
  total: 'Total',
  net: 'Net',
  deposit: 'Deposit',
  depositPercent: (percent: number) => `Deposit (${percent}%)`,
  depositNote: 'Due once the proposal is accepted.',
  termsHeading: 'Terms',

  acceptHeading: 'Accept this proposal',
  acceptIntro:
    'Type your full name as your signature. We record it with the time and this exact version of the proposal.',
  nameLabel: 'Your full name',
  emailLabel: 'Your e-mail address',
  emailHint: 'The address this proposal was sent to. Another address gets a code by e-mail first.',
  codeLabel: 'The 6-digit code we e-mailed you',
  agreeLabel: 'I have read and accept this proposal and its terms',
  acceptButton: 'Accept proposal',
  declineHeading: 'Decline',
  declineIntro: 'Not the right fit? Tell us, and we will not follow up on this version.',
  reasonLabel: 'Reason (optional)',
  declineButton: 'Decline',
  formProblem: 'Please check the form:',

  acceptedNotice: 'Thank you: you accepted this proposal. A copy is on its way to you by e-mail.',
  declinedNotice: 'You declined this proposal. Thank you for letting us know.',
  acceptedHeading: 'Accepted',
  acceptedBy: (name: string, day: string) => `Accepted by ${name} on ${day}.`,
  signedPdf: 'Download the signed PDF',
  depositHeading: 'Deposit',
  payDeposit: 'Pay the deposit',
  /** `due` is what is still owed of `deposit` (the same text when nothing was paid). */
  payDepositAmount: (due: string, deposit: string) =>
    due === deposit
      ? `The deposit of ${deposit} is due now.`
      : `${due} of the ${deposit} deposit is still due.`,
  bankTransfer: (due: string, deposit: string) =>
    due === deposit
      ? `Please pay the deposit of ${deposit} by bank transfer:`
      : `Please pay the ${due} still due of the ${deposit} deposit by bank transfer:`,
  depositPaid: 'Deposit paid. Thank you.',
  declinedOn: (day: string) => `This proposal was declined on ${day}.`,
  expiredOn: (day: string) =>
    `This proposal expired on ${day}. Write to us if you would still like to go ahead.`,
  withdrawn: 'This proposal was withdrawn. Write to us if you have any questions.',
  replacedBy: (linkVersion: number, version: number) =>
    `This link was for version ${linkVersion}, which has been replaced by version ${version}, shown here. To answer it, use the link in the e-mail that brought version ${version}.`,
} as const;

/** The messages of the public API (docs/api.md, "Proposals: the client's page"). */
export const PROPOSAL_PAGE_MESSAGES = {
  notFound: 'Proposal not found',
  nameRequired: 'Please type your full name',
  nameMax: `Name must be at most ${PROPOSAL_LIMITS.nameMax} characters`,
  nameOneLine: 'Name must be on one line',
  email: MESSAGES.email,
  agree: 'Please tick the box to accept the proposal and its terms',
  code: MESSAGES.code,
  reasonMax: `Reason must be at most ${PROPOSAL_LIMITS.declineReasonMax.toLocaleString('en-US')} characters`,
  codeSent: (email: string) => `We sent a code to ${email}; enter it to accept.`,
  codeAgain: (email: string) =>
    `That code is no longer valid. We sent a new code to ${email}; enter it to accept.`,
  codeWrong: (triesLeft: number) =>
    `That code is not right. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`,
  codeSpent: 'That code is not right, and it cannot be tried again. Accept again for a new code.',
  codeMailFailed: 'The code could not be e-mailed. Please try again in a few minutes.',
  mailUnavailable:
    'A code cannot be e-mailed right now. Please accept with the address the proposal was sent to.',
  alreadyAccepted: 'This proposal has already been accepted.',
  declined: 'This proposal was declined.',
  expired: 'This proposal has expired.',
  withdrawn: 'This proposal was withdrawn.',
  replaced: 'This proposal was replaced by a newer version.',
} as const;
