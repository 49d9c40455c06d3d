/**
 * The starting privacy policy: what this software stores with its default settings
 * (docs/newsletter.md, docs/analytics.md, docs/accounts.md, docs/leads.md, docs/booking.md).
 * The owner adapts it on the Content screen and stays responsible for what it says.
 */
export const DEFAULT_PRIVACY_MARKDOWN = `# Privacy Policy

This page says what this website stores about you, why, and for how long. Please read it
together with our contact details on the home page: write to us with any question or request
about your data.

## Contact form

When you send the contact form we store your name, your e-mail address, your company (if you
give one), the subject you chose and your message, with the time it arrived, and the website
or campaign that brought you to the site on that visit (as counted under "Visitor statistics"
below). We use them to answer you and to keep track of our conversation: our replies, your
answers to them and our notes on where it stands are kept with your messages. They stay until
we delete them, which we do when you ask.

If we have turned on an automatic acknowledgement, we send you one e-mail saying that your
message arrived, at most one a day. To know that, we keep a scrambled form of your address (a
keyed hash that cannot be turned back into it) for 24 hours.

## Booking a call

When you book a call we store your name, your e-mail address, your company and note (if you
give them), the time you chose and the website that brought you, with the conversation above.
We send you the invitation, reminders before the call and a message if it moves or is
cancelled, and nothing else. The link in those e-mails lets you move or cancel the call; we
keep only a scrambled form of it.

## Newsletter

When you subscribe we store your e-mail address and send one confirmation e-mail. Only after
you press its button (double opt-in) do you receive newsletters; we keep the times you
subscribed, confirmed and unsubscribed. Every newsletter has a link to leave with one click,
and your e-mail program may offer its own "Unsubscribe" button.

## Visitor statistics

We count visits ourselves, on our own server. We set no cookie, store nothing on your device,
and share nothing with third parties. For each page you view we record the page's address
(without anything after the \`?\`), the website you came from (its name only), the campaign
labels of the link you followed, if any, whether you use a phone, a tablet or a computer, and
your browser's name. To count each visitor once a day we combine your IP address and browser
identification with a random value that changes every day and is deleted at the end of that
day, and keep only the result: it cannot be turned back into your address and cannot connect
visits on different days. If your browser sends "Do Not Track" or "Global Privacy Control",
nothing is recorded. These details are kept for 90 days; after that only daily totals remain.

## Your device

The site remembers your choice of light or dark theme, and whether the facts carousel is
muted, in your browser's local storage. It never leaves your device.

## Your rights

You may ask us which data we hold about you, have it corrected or deleted, and object to its
use. Write to the e-mail address on the home page.
`;
