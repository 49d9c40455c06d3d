import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '#server/app/app-router';
import { trpc } from '#client/lib/trpc';
import { Card } from '../ui/controls';
import { DateTime } from '../ui/date-time';

export type BackupStatus = inferRouterOutputs<AppRouter>['backups']['status'];

/**
 * "Backups" on the Overview (docs/operations.md, "Backups"): shown only when BACKUP_DIR or
 * BACKUP_S3_URL is set. The last good (read back and checked) backup, and a warning when the
 * last run failed or the last good one is older than twice BACKUP_EVERY_HOURS.
 */
export function BackupSection() {
  const status = trpc.backups.status.useQuery();
  if (!status.data?.configured) return null;
  return <BackupCard status={status.data} />;
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function BackupCard({ status }: { status: BackupStatus }) {
  const { lastGood, warning } = status;
  return (
    <Card labelledBy="backups-heading">
      <h2 id="backups-heading" className="mb-3 text-lg font-semibold text-ink">
        Backups
      </h2>
      {warning ? (
        <p
          role="alert"
          className="mb-2 text-sm font-semibold break-words text-red-800 dark:text-red-300"
        >
          {warning}
        </p>
      ) : null}
      <p className="text-sm text-ink">
        {lastGood ? (
          <>
            Last good backup: <DateTime iso={lastGood.at} />
            {lastGood.size !== null ? ` · ${formatSize(lastGood.size)}` : ''}
          </>
        ) : (
          'No good backup yet.'
        )}
      </p>
      <p className="mt-2 text-sm break-words text-muted">
        Every {status.everyHours} hours to {status.places.join(' and ')}
      </p>
    </Card>
  );
}
