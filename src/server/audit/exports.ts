/** The audit log as CSV: every matching entry, newest first (platform/csv.ts: the file rules). */
import type { Db } from '#db';
import type { AuditFilter } from '#shared/audit';
import type { AuditEvent } from '#shared/shapes/audit';
import { csvFilename, csvResponse, csvStream, type CsvColumn } from '#server/platform/csv';
import { auditNewestFirst } from './query';

/** The AuditEvent shape of docs/api.md, in its order. */
const columns: CsvColumn<AuditEvent>[] = [
  { header: 'id', value: (e) => e.id },
  { header: 'at', value: (e) => e.at },
  { header: 'actor', value: (e) => e.actor },
  { header: 'action', value: (e) => e.action },
  { header: 'target', value: (e) => e.target },
  { header: 'address', value: (e) => e.address },
];

/** `audit-YYYY-MM-DD.csv`. */
export async function auditCsv(db: Db, filter: AuditFilter, now: Date): Promise<Response> {
  return csvResponse(
    await csvStream(auditNewestFirst(db, filter), columns),
    csvFilename('audit', now),
  );
}
