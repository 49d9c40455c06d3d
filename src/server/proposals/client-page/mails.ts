/**
 * The mails of the client's answers (docs/proposals.md, "The client's page"): the owner's
 * notices (first viewed, accepted, declined), the acceptance's copy for the client, and the
 * code that proves an address other than the lead's. Each names the proposal by its number
 * and version; words the client typed come after the site's own links, quoted.
 */
import { pdfAttachment } from '../signed-pdf/stored-pdf';
import { proposalRow } from '../proposal-store';
import { onOneLine } from '#shared/validation';
import { siteMail } from '../short-mail';
import { siteTimeText } from '#shared/mail/site-time';
import { formatMoney } from '#shared/proposals';
import type { Acceptance } from '#shared/shapes/proposals';
import type { MailMessage } from '#server/platform/mail';
import { notifyOwner, type OwnerNoticeDeps } from '#server/mail/owner-notice';
import { sendInBackground } from '#server/mail/outbox/send-mail';
import { mailSite, type MailSite } from '#server/site/site-brand';
import { CODE_TTL_MS } from '#server/identity/second-factors/two-factor';

/** What the mails say of a proposal. */
export interface MailedProposal {
  id: number;
  /** Null for a kept record (proposal-json.ts `leadOf`): the mail then opens the proposal. */
  leadId: number | null;
  number: string;
  version: number;
  title: string;
  currency: string;
  total: number;
  depositAmount: number;
}

const named = (p: MailedProposal) => `${p.number} (version ${p.version}), "${onOneLine(p.title)}"`;

const leadPage = (site: MailSite, p: MailedProposal) =>
  new URL(p.leadId === null ? `/admin/proposals/${p.id}` : `/admin/leads/${p.leadId}`, site.address)
    .href;

/** The owner's notice of the first view. */
export function notifyViewed(
  deps: OwnerNoticeDeps,
  proposal: MailedProposal,
  lead: { name: string },
  at: Date,
): void {
  notifyOwner(
    deps,
    'notice',
    (to, site) =>
      siteMail(to, site, {
        subject: `${onOneLine(lead.name)} opened proposal ${proposal.number}`,
        lines: [`Proposal: ${named(proposal)}`, `Opened: ${siteTimeText(at, site.timeZone)}`],
        button: { url: leadPage(site, proposal), label: 'Open the lead' },
      }),
    { failed: 'proposal.viewed_notify_failed', fields: { proposalId: proposal.id } },
  );
}

/** The owner's notice of a decline, with the client's reason quoted last. */
export function notifyDeclined(
  deps: OwnerNoticeDeps,
  proposal: MailedProposal,
  lead: { name: string },
  decline: { at: Date; reason: string | null },
): void {
  notifyOwner(
    deps,
    'notice',
    (to, site) =>
      siteMail(to, site, {
        subject: `${onOneLine(lead.name)} declined proposal ${proposal.number}`,
        lines: [
          `Proposal: ${named(proposal)}`,
          `Declined: ${siteTimeText(decline.at, site.timeZone)}`,
          decline.reason ? 'Their reason is below.' : 'They gave no reason.',
        ],
        button: { url: leadPage(site, proposal), label: 'Open the lead' },
        ...(decline.reason ? { quoted: { label: 'Their reason', text: decline.reason } } : {}),
      }),
    { failed: 'proposal.declined_notify_failed', fields: { proposalId: proposal.id } },
  );
}

/** The code mailed to an address other than the lead's before it may sign. */
export function acceptCodeMail(
  to: string,
  site: MailSite,
  proposal: MailedProposal,
  code: string,
): MailMessage {
  return siteMail(to, site, {
    subject: `Your code to accept proposal ${proposal.number}`,
    lines: [
      `Your code is ${code}.`,
      `Enter it on the proposal's page within ${CODE_TTL_MS / 60_000} minutes to accept ${named(proposal)} with this address.`,
      'If you did not ask for this, ignore this e-mail.',
    ],
  });
}

export interface AcceptedProposal {
  proposal: MailedProposal;
  lead: { name: string; email: string };
  /** As the answers show it: the signature's name, address and time, and the hash. */
  acceptance: Acceptance;
  /** The client's page (`/p/<token>`, absolute): the deposit is paid from there. */
  pageUrl: string;
  /** The work's page opened by the acceptance (`/e/<token>`, absolute), if one was. */
  workPageUrl?: string | null;
}

/**
 * Both mails of an acceptance: the client's copy (to the address that signed) and the owner's
 * notice (null without CONTACT_NOTIFY_TO). The one place both are built, so the signed PDF is
 * attached to both here (docs/proposals.md, "The signed PDF").
 */
export async function acceptanceMails(
  deps: OwnerNoticeDeps,
  accepted: AcceptedProposal,
): Promise<{ client: MailMessage; owner: MailMessage | null }> {
  const site = await mailSite(deps);
  const { proposal, acceptance } = accepted;
  const when = siteTimeText(new Date(acceptance.at), site.timeZone);
  const money = (amount: number) => formatMoney(amount, proposal.currency);
  const figures = [
    `Total: ${money(proposal.total)}`,
    ...(proposal.depositAmount > 0 ? [`Deposit: ${money(proposal.depositAmount)}`] : []),
  ];
  const signature = [
    `Signed by: ${onOneLine(acceptance.name)} <${acceptance.email}>`,
    `Accepted: ${when}`,
    `Document hash (SHA-256): ${acceptance.documentHash}`,
  ];
  // The signed PDF on both: made from the stored version, the same file every time.
  const row = await proposalRow(deps.db, proposal.id);
  const attachments = row ? [await pdfAttachment(deps, row)] : [];
  const client = siteMail(acceptance.email, site, {
    subject: `You accepted proposal ${proposal.number}`,
    lines: [
      `Thank you. This confirms your acceptance of ${named(proposal)}.`,
      ...figures,
      ...signature,
      proposal.depositAmount > 0
        ? 'The deposit can be paid from the proposal page.'
        : 'We will be in touch about the next steps.',
      ...(accepted.workPageUrl
        ? [
            `From now on, everything about the work (invoices, calls, files, messages) is on your project page, a link for you alone: ${accepted.workPageUrl}`,
          ]
        : []),
    ],
    button: { url: accepted.pageUrl, label: 'Open the proposal' },
  });
  client.attachments = attachments;
  const to = deps.config.contactNotifyTo;
  const owner = to
    ? siteMail(to, site, {
        subject: `${onOneLine(accepted.lead.name)} accepted proposal ${proposal.number}`,
        lines: [`Proposal: ${named(proposal)}`, ...figures, ...signature],
        button: { url: leadPage(site, proposal), label: 'Open the lead' },
      })
    : null;
  if (owner) owner.attachments = attachments;
  return { client, owner };
}

/** Sends both mails of an acceptance after the answer; a failure is logged, never thrown. */
export function sendAcceptanceMails(deps: OwnerNoticeDeps, accepted: AcceptedProposal): void {
  // Built once, after the answer (sendInBackground runs it then); each goes on its own.
  let built: ReturnType<typeof acceptanceMails> | undefined;
  const both = () => (built ??= acceptanceMails(deps, accepted));
  const events = {
    failed: 'proposal.accepted_mail_failed',
    fields: { proposalId: accepted.proposal.id },
  };
  sendInBackground(deps, 'notice', async () => (await both()).client, events);
  if (!deps.config.contactNotifyTo) return;
  sendInBackground(
    deps,
    'notice',
    async () => {
      const { owner } = await both();
      if (!owner) throw new Error('no owner address');
      return owner;
    },
    events,
  );
}
