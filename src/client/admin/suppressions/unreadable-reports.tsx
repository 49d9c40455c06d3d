import { trpc } from '#client/lib/trpc';
import { DateTime } from '../ui/date-time';

/**
 * Reports from the mailbox that could not be read (docs/mail.md, "Bounces and complaints"):
 * kept whole, so the owner can read one and add its address by hand. Shown only when there
 * are some; the 20 newest, each opened on demand.
 */
export function UnreadableReports() {
  const reports = trpc.mailReports.unreadable.useQuery({});
  const data = reports.data;
  if (!data || data.total === 0) return null;
  const more = data.total - data.reports.length;
  return (
    <section aria-labelledby="unreadable-reports-title" className="mt-8 border-t border-line pt-6">
      <h2 id="unreadable-reports-title" className="text-lg font-semibold text-ink">
        Reports that could not be read ({data.total})
      </h2>
      <p className="mt-1 text-sm text-muted">
        Mail servers' reports in a shape the site does not know. Nobody was suppressed for them:
        open one, and if it says an address no longer works, add the address above.
      </p>
      <ul className="mt-3 flex flex-col gap-2">
        {data.reports.map((report) => (
          <li key={report.id}>
            <details className="rounded border border-line p-2">
              <summary className="cursor-pointer text-sm text-ink">
                <DateTime iso={report.at} />: {report.reason}
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
