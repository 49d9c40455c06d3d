/**
 * The starting Terms of Service: the rules of using this website, its contact form, call
 * booking and newsletter, as this software provides them (docs/content.md, "Legal pages").
 * The consent line of the contact form and the booking form names this page and the privacy
 * policy, so a fresh site has both. The owner adapts it on the Content screen and stays
 * responsible for what it says.
 */
export const DEFAULT_TERMS_MARKDOWN = `# Terms of Service

These terms apply when you use this website: reading its pages, sending the contact form,
booking a call or subscribing to the newsletter. By using the site you accept them. If you do
not agree with them, please do not use the forms.

## Who we are

This website belongs to the company named on the home page. You can reach us at the e-mail
address given there.

## What the site is for

The pages describe our services. They are general information, not advice for your situation,
and not an offer that becomes a contract when you accept it. Any work we do for you is agreed
separately, in writing, with its own scope, price and terms.

## The contact form and booked calls

Please give your real name and an e-mail address you use, and write only what you are happy
for us to read and keep as our privacy policy describes. A call you book is a first
conversation, free of charge unless we have agreed otherwise in writing. You can move or
cancel it with the link in its e-mails. We may decline or cancel a call, and we may ignore
messages that are abusive, automated or unlawful.

## The newsletter

You receive the newsletter only after you confirm your address, and every issue has a link
to leave with one click.

## Fair use

Do not try to break, overload or get around the site's security, send messages in bulk or in
someone else's name, or use the site for anything unlawful. The forms limit how often they
can be used from one address.

## Our content

The texts, images and videos on this site are ours or used with permission. You may read,
print and link to them for your own use; please ask before copying them elsewhere.

## Links to other sites

Links to other websites are there for your convenience. We are not responsible for their
content or their own terms.

## Liability

We take care that the information on this site is correct and up to date, but we cannot
promise that it is complete or free of errors, or that the site is always available. Nothing
in these terms limits liability that the law does not allow to be limited.

## Privacy

How we handle what you send us is described in our [Privacy Policy](/privacy).

## Changes

We may change these terms; the version on this page is the one that applies. Write to us with
any question about them.
`;
