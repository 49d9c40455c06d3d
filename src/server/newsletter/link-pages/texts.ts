/** What the newsletter's confirm and unsubscribe pages say (docs/product.md). */
import { CONFIRMATION_VALID_DAYS, NEWSLETTER_MESSAGES } from '#shared/newsletter';

export type LinkKind = 'confirm' | 'unsubscribe';

export interface LinkPageTexts {
  /** The <title> and the heading. */
  heading: string;
  /** The one sentence under the heading, with the site's saved name. */
  prompt: (siteName: string) => string;
  button: string;
  /** The button's text while the request is on its way. */
  pending: string;
  /** What replaces the button once the server said yes. */
  success: string;
  /** The heading (and title) once the server said yes. */
  doneHeading: string;
  /** The line for a browser without JavaScript. */
  noscript: string;
  /** The JSON address the button posts `{ token }` to. */
  endpoint: string;
}

export const LINK_PAGE_TEXTS: Record<LinkKind, LinkPageTexts> = {
  confirm: {
    heading: 'Confirm your subscription',
    prompt: (siteName) => `Press the button to start receiving the ${siteName} newsletter.`,
    button: 'Confirm subscription',
    pending: 'Confirming...',
    success: "You're subscribed. Thank you!",
    doneHeading: 'Subscription confirmed',
    noscript: 'The button needs JavaScript: turn it on in your browser, then reload this page.',
    endpoint: '/api/newsletter/confirm',
  },
  unsubscribe: {
    heading: 'Unsubscribe from the newsletter',
    prompt: (siteName) =>
      `Press the button and you will receive no more newsletters from ${siteName}.`,
    button: 'Unsubscribe',
    pending: 'Unsubscribing...',
    success: 'You have been unsubscribed. You will not receive further newsletters.',
    doneHeading: 'You are unsubscribed',
    noscript:
      'The button needs JavaScript: turn it on in your browser and reload this page, or use the Unsubscribe button your mail program shows next to the newsletter.',
    endpoint: '/api/newsletter/unsubscribe',
  },
};

/** The page for a link that is unknown, expired or malformed, on GET and after a press. */
export const INVALID_LINK_TEXTS: Record<LinkKind, { heading: string; prompt: string }> = {
  confirm: {
    heading: NEWSLETTER_MESSAGES.invalidLink,
    prompt: `Confirmation links work for ${CONFIRMATION_VALID_DAYS} days. To get a new one, sign up again with the form at the bottom of our home page.`,
  },
  unsubscribe: {
    heading: NEWSLETTER_MESSAGES.invalidLink,
    prompt: 'To unsubscribe, use the link at the bottom of the latest newsletter you received.',
  },
};

/** Shown under the answer once the press has worked. */
export const LINK_HOME = 'Back to the home page';

/** After a press that failed for a reason another press may fix (busy, throttled, offline). */
export const LINK_FAILED = 'Something went wrong. Please try again in a moment.';

/** A GET the server could not answer (the database unreachable). */
export const LINK_PAGE_UNAVAILABLE = {
  heading: 'Please try again in a moment',
  prompt: 'The site cannot check this link right now. Reload this page in a minute.',
};
