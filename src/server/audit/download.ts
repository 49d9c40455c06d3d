/**
 * The admin's CSV downloads (messages, subscribers, analytics, audit, invoices) and the invoices'
 * ZIP: each is recorded in the audit log as `export_downloaded`, naming the file and its
 * filter, before the file is read.
 * A procedure answers the download (http/rest-meta.ts, `download`); the REST adapter opens it
 * after the procedure's auth and input checks, so nothing is recorded for a refused request.
 */
import { writeBatch } from '#db';
import { csvFilename } from '#server/platform/csv';
import type { FileDownload } from '#shared/shapes/file-download';
import type { Context } from '#server/http/trpc';
import type { SessionUser } from '#server/identity/sessions/session';
import { auditInsert } from '#server/audit/record';

export function auditedDownload(
  ctx: Pick<Context, 'db' | 'clock' | 'req'> & { user: SessionUser },
  name: string,
  filter: unknown,
  respond: (now: Date) => Promise<Response>,
  // The invoices' ZIP for the accountant is a download too (docs/invoices.md).
  extension: 'csv' | 'zip' = 'csv',
): FileDownload {
  const dated = csvFilename(name, ctx.clock.now());
  return {
    filename: extension === 'csv' ? dated : dated.replace(/\.csv$/, `.${extension}`),
    open: async () => {
      const now = ctx.clock.now();
      // Before the file: a download the log could not record is not served.
      await writeBatch(ctx.db, [
        auditInsert(ctx.db, now, {
          action: 'export_downloaded',
          actor: ctx.user,
          target: exportTarget(`${name}.${extension}`, filter),
          ip: ctx.req.ip,
        }).toSQL(),
      ]);
      return respond(now);
    },
  };
}

/**
 * What an export's audit entry names: the file, then each filter that was set, as
 * `messages.csv q="data team" subject=consulting`. Text that is not a plain word is quoted
 * as JSON, so spaces, quotes and control characters stay readable and unambiguous.
 */
export function exportTarget(file: string, filter: unknown): string {
  const set = Object.entries(typeof filter === 'object' && filter !== null ? filter : {}).filter(
    ([, value]) => value !== undefined && value !== null && value !== '',
  );
  const shown = (value: unknown) => {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    return /^[\w.@:+-]+$/.test(text) ? text : JSON.stringify(text);
  };
  return [file, ...set.map(([key, value]) => `${key}=${shown(value)}`)].join(' ');
}
