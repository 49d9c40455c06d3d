/**
 * The mail that carries a proposal to the lead (docs/proposals.md, "Sending"): what it is, its
 * total and day (in words, as the client's page writes it), and the one link to the client's
 * page. The link's token is in this mail only: the outbox drops the text once it has gone
 * (docs/mail.md, "How long mail is kept").
 */
import { escapeHtml } from '#shared/escape-html';
import {
  emailDocument,
  mailButton,
  mailHeading,
  PARAGRAPH,
  plainLink,
  plainTextWithSignature,
  siteFooter,
  type RenderedEmail,
} from '#shared/mail/frame';
import { LIGHT, themedAttributes as attrs } from '#shared/mail/theme';
import { calendarDayText } from '#shared/calendar-days';
import { formatMoney } from '#shared/proposals';
import type { MailSite } from '#server/site/site-brand';

/** The client's page: the token is the path, so the page works without a script to read it. */
export function proposalUrl(siteAddress: string, token: string): string {
  return new URL(`/p/${token}`, siteAddress).href;
}

/** Titles a name may start with: "Dr Ada Lovelace" is greeted "Dr Lovelace", not "Dr". */
const TITLES = new Set(['mr', 'mrs', 'ms', 'mx', 'miss', 'dr', 'prof', 'sir', 'dame']);

/**
 * The name a mail greets the lead by: the first word of the name they gave ("Ada Client" is
 * "Ada"), or a title with the last word ("Dr. Ada Lovelace" is "Dr Lovelace").
 */
export function greetingName(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  const first = words[0] ?? '';
  const title = first.replace(/\.$/u, '');
  if (words.length > 1 && TITLES.has(title.toLowerCase())) return `${title} ${words.at(-1)}`;
  return first;
}

export function renderProposalMail(input: {
  site: MailSite;
  name: string;
  number: string;
  version: number;
  title: string;
  total: number;
  currency: string;
  /** The day it is valid until (YYYY-MM-DD), a day of the site's zone. */
  validUntil: string;
  link: string;
  /** A revision: the earlier link now shows this one too. */
  revised: boolean;
}): RenderedEmail {
  const { site } = input;
  const subject = `${input.revised ? 'Revised proposal' : 'Proposal'} ${input.number}: ${input.title}`;
  const p = LIGHT;
  const name = greetingName(input.name);
  const greeting = name ? `Hello ${name},` : 'Hello,';
  const intro = input.revised
    ? `${site.name} revised the proposal "${input.title}" (version ${input.version}). It replaces the earlier one.`
    : `${site.name} sent you a proposal: "${input.title}".`;
  const figures = `Total ${formatMoney(input.total, input.currency)}, valid until ${calendarDayText(input.validUntil)}.`;
  // Words that fit both parts: the HTML has a button, the text a bare link, neither a "page below".
  const how =
    'On its page you can accept it by typing your name, or decline it. The link is yours alone: please do not forward this e-mail.';
  const body = `${mailHeading(escapeHtml(input.revised ? 'Your revised proposal' : 'Your proposal'))}
<p style="${PARAGRAPH}">${escapeHtml(greeting)}</p>
<p style="${PARAGRAPH}">${escapeHtml(intro)}</p>
<p style="${PARAGRAPH}"><strong>${escapeHtml(figures)}</strong></p>
${mailButton(input.link, 'Read the proposal', p)}
${plainLink(input.link, p)}
<p${attrs('muted', p, `${PARAGRAPH};font-size:14px`)}>${escapeHtml(how)}</p>`;
  const html = emailDocument({
    title: subject,
    scheme: 'auto',
    palette: p,
    body,
    footer: siteFooter(site.name, site.address, p),
  });
  const text = plainTextWithSignature(
    [greeting, '', intro, '', figures, '', 'Read the proposal here:', '', input.link, '', how],
    site.name,
    site.address,
  );
  return { subject, html, text };
}
