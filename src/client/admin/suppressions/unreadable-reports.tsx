import { trpc } from '#client/lib/trpc';
import type { HeldReports } from '#client/lib/api-types';
import { DateTime } from '../ui/date-time';

/**
 * Reports from the mailbox that changed nothing (docs/mail.md, "Bounces and complaints"): kept
 * whole, so the owner can read one and add its address by hand. Each list is shown only when
 * it has some; the 20 newest, each opened on demand.
 */
function ReportList({
  id,
  title,
  intro,
  data,
}: {
  id: string;
  title: string;
  intro: string;
  data: HeldReports | undefined;
}) {
  if (!data || data.total === 0) return null;
  const more = data.total - data.reports.length;
  return (
    <section aria-labelledby={id} className="mt-8 border-t border-line pt-6">
      <h2 id={id} className="text-lg font-semibold text-ink">
        {title} ({data.total})
      </h2>
      <p className="mt-1 text-sm text-muted">{intro}</p>
      <ul className="mt-3 flex flex-col gap-2">
        {data.reports.map((report) => (
          <li key={report.id}>
            <details className="rounded border border-line p-2">
              <summary className="cursor-pointer text-sm text-ink">
                <DateTime iso={report.at} />: {report.email ? `${report.email}, ` : ''}
                {report.reason}
              </summary>
              <pre className="mt-2 max-h-80 overflow-auto text-xs break-words whitespace-pre-wrap text-muted">
                {report.text}
              </pre>
            </details>
          </li>
        ))}
      </ul>
      {more > 0 ? <p className="mt-2 text-sm text-muted">and {more} older.</p> : null}
    </section>
  );
}

export function UnreadableReports() {
  const reports = trpc.mailReports.unreadable.useQuery({});
  return (
    <ReportList
      id="unreadable-reports-title"
      title="Reports that could not be read"
      intro="Mail servers' reports in a shape the site does not know. Nobody was suppressed for them: open one, and if it says an address no longer works, add the address above."
      data={reports.data}
    />
  );
}

/** Reports that proved no mail the site sent: anyone can write one (docs/mail.md). */
export function UnverifiedReports() {
  const reports = trpc.mailReports.unverified.useQuery({});
  return (
    <ReportList
      id="unverified-reports-title"
      title="Reports that could not be checked"
      intro="Bounces and complaints that name no mail this site sent (no bounce token, no known Message-ID): anyone could have written them, so nothing was changed. If one is real, add the address above."
      data={reports.data}
    />
  );
}
