import { Link } from '@tanstack/react-router';
import { STALE_DAYS } from '#shared/lead-pipeline';
import type { Lead } from '#shared/shapes/leads';
import { focusRing } from '#shared/ui-styles';
import { formatDayOrMoment } from '../ui/date-time';
import { useNow } from '../ui/use-now';
import { quietLabel, waitingLabel } from './lead-time';

export interface Attention {
  unanswered: Lead[];
  answered: Lead[];
  declined: Lead[];
  followUps: Lead[];
  stale: Lead[];
}

/** "waiting 3 h" moves on by itself while the screen stays open. */
const TICK_MS = 60_000;

/**
 * What asks for the owner first (docs/admin-guide.md, "Leads"): people who answered a reply
 * (the conversation is under way and waits on the owner), enquiries without a first answer
 * (oldest first, with how long they have waited), people who declined a proposal, follow-ups
 * whose day has come, and active
 * leads gone quiet for 14 days. Only the groups that hold someone are shown.
 */
export function AttentionBlock({ attention }: { attention: Attention }) {
  const now = useNow(TICK_MS);
  const { unanswered, answered, declined, followUps, stale } = attention;
  const nothing =
    answered.length + unanswered.length + declined.length + followUps.length + stale.length === 0;
  return (
    <section
      aria-labelledby="attention-heading"
      className="rounded-lg border border-line bg-subtle p-4"
    >
      <h2 id="attention-heading" className="text-lg font-semibold text-ink">
        Needs attention
      </h2>
      {nothing ? (
        <p className="mt-2 text-muted">
          Nothing waiting: every enquiry and answer has your reply and no follow-up is due.
        </p>
      ) : (
        <div className="mt-3 grid gap-4 md:grid-cols-2 xl:grid-cols-4">
          <Group
            title="Answered, waiting for you"
            leads={answered}
            // Their answer is the lead's latest activity until the owner does something.
            detail={(lead) => waitingLabel(lead.lastActivityAt, now)}
          />
          <Group
            title="Waiting for a first answer"
            leads={unanswered}
            detail={(lead) => waitingLabel(lead.createdAt, now)}
          />
          <Group
            title="Declined a proposal"
            leads={declined}
            // The decline is the lead's latest activity until the owner does something.
            detail={(lead) => waitingLabel(lead.lastActivityAt, now)}
          />
          <Group
            title="Follow-ups due"
            leads={followUps}
            detail={(lead) => (lead.followUpAt ? `due ${formatDayOrMoment(lead.followUpAt)}` : '')}
          />
          <Group
            title={`Quiet for ${STALE_DAYS} days`}
            leads={stale}
            detail={(lead) => quietLabel(lead.lastActivityAt, now)}
          />
        </div>
      )}
    </section>
  );
}

function Group({
  title,
  leads,
  detail,
}: {
  title: string;
  leads: Lead[];
  detail: (lead: Lead) => string;
}) {
  if (leads.length === 0) return null;
  return (
    <div>
      <h3 className="text-sm font-semibold text-ink">
        {title} ({leads.length})
      </h3>
      <ul aria-label={title} className="mt-2 flex flex-col gap-1">
        {leads.map((lead) => (
          <li key={lead.id} className="flex flex-wrap items-baseline justify-between gap-x-2">
            <Link
              to="/admin/leads/$id"
              params={{ id: String(lead.id) }}
              className={`rounded break-all text-brand-700 underline underline-offset-2 dark:text-brand-300 ${focusRing}`}
            >
              {lead.name}
            </Link>
            <span className="text-sm text-muted">{detail(lead)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
