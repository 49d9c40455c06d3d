/**
 * The terms every new proposal starts with until the owner saves their own (docs/proposals.md,
 * "Settings"): an engagement that becomes a contract when the client accepts the proposal,
 * plain and even-handed. Never the website's Terms of Service, which say the site is no offer
 * that becomes a contract (shared/site-content-terms.ts): a client would sign that.
 *
 * It is a starting text, not legal advice: the settings screen and the docs tell the owner to
 * review it and have it checked for their country. Headings start at `##`: the client's page
 * shows them under its own "Terms" heading.
 */
export const DEFAULT_PROPOSAL_TERMS = `These terms and the proposal above are our agreement for this work. This proposal becomes a contract between you and us when you accept it on its page. Where the proposal and these terms differ, the proposal applies. Together they replace anything said or written about this work before.

## The work

We do the work the proposal describes, with reasonable skill and care, and keep you informed of how it goes. Anything the proposal does not describe is not included.

You give us the information, access and decisions the work needs, in good time. If the work waits on something from you, its dates move by as long as it waits.

## Fees, deposit and payment

The fees are those of the proposal, in its currency. Where it asks for a deposit, the work starts once the deposit is paid. We invoice the rest as the proposal says, or else when the work is delivered, and invoices are due within 14 days. Taxes such as VAT are added where the law requires them, unless the proposal says its prices include them.

## Changes

Either of us may ask to change the work. A change is agreed in writing (an e-mail is enough), with what it does to the fees and the dates, before the changed work starts.

## Confidentiality

Each of us keeps what the other shares in confidence private, and uses it only for this work. This does not cover what is public, what the other already knew, or what the law requires to be disclosed. It lasts after the work ends.

## What you own

Once you have paid in full, what we make for you in this work is yours to use as you wish. We keep our own tools, methods and know-how, including what we had before this work; you may use those that are part of what we deliver. We name you as a client only with your permission.

## Liability

Neither of us is liable to the other for indirect or consequential loss, or for lost profit. Otherwise, each of us is liable to the other for at most the total fees of the proposal. Nothing here limits liability for death or personal injury caused by negligence, for fraud, or for anything else the law does not allow to be limited.

## Ending the agreement

Either of us may end the agreement in writing if the other seriously breaks it and has not put it right within 14 days of being asked to. You may also end it at any time with 14 days' notice in writing. In either case you pay for the work done up to the end and for costs we committed to for you that cannot be cancelled, and we refund anything you paid beyond that.

## Which law applies

The law of the country where we are established governs this agreement, and its courts decide any dispute about it. If you are a consumer, you keep the protection that the law of the country where you live gives you.
`;
