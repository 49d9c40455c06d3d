/**
 * The mail that carries a proposal to the lead (docs/proposals.md, "Sending"): what it is, its
 * total and day, and the one link to the client's page. The link's token is in this mail only:
 * the outbox drops the text once it has gone (docs/mail.md, "How long mail is kept").
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
import { formatMoney } from '#shared/proposals';
import type { MailSite } from '#server/site/site-brand';

/** The client's page: the token is the path, so the page works without a script to read it. */
export function proposalUrl(siteAddress: string, token: string): string {
  return new URL(`/p/${token}`, siteAddress).href;
}

export function renderProposalMail(input: {
  site: MailSite;
  name: string;
  number: string;
  version: number;
  title: string;
  total: number;
  currency: string;
  validUntil: string;
  link: string;
  /** A revision: the earlier link now shows this one too. */
  revised: boolean;
}): RenderedEmail {
  const { site } = input;
  const subject = `${input.revised ? 'Revised proposal' : 'Proposal'} ${input.number}: ${input.title}`;
  const p = LIGHT;
  const greeting = `Hello ${input.name},`;
  const intro = input.revised
    ? `${site.name} revised the proposal "${input.title}" (version ${input.version}). It replaces the earlier one.`
    : `${site.name} sent you a proposal: "${input.title}".`;
  const figures = `Total ${formatMoney(input.total, input.currency)}, valid until ${input.validUntil}.`;
  const how =
    'Read it on the page below, and accept it there with your name, or decline it. The link is yours alone: do not forward this e-mail.';
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
