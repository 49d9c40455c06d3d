import { z } from 'zod/mini';
import { auditActionValues, type AuditAction } from '#shared/audit';
import { LIMITS } from '#shared/constants';

/**
 * The Audit log's page and filters as the address holds them. Whatever a hand-edited address
 * holds that is not usable falls back to "not set" (as the leads' screens do), so a bad link
 * still opens the first page.
 */
export const auditSearchSchema = z.object({
  page: z.catch(z.optional(z.coerce.number().check(z.int(), z.minimum(2))), undefined),
  action: z.catch(z.optional(z.enum(auditActionValues)), undefined),
  actor: z.catch(
    z.optional(
      z.pipe(
        z.union([z.string(), z.number()]),
        // Longer than any username: the server would refuse it (400), so it is "not set".
        z.transform((value) => {
          const text = String(value);
          return text && text.length <= LIMITS.usernameMax ? text : undefined;
        }),
      ),
    ),
    undefined,
  ),
});
export type AuditSearch = z.output<typeof auditSearchSchema>;

/** The CSV export's address for the filters the screen shows (every page). */
export function auditCsvHref(search: { action?: AuditAction; actor?: string }): string {
  const params = new URLSearchParams();
  if (search.action) params.set('action', search.action);
  if (search.actor) params.set('actor', search.actor);
  const query = params.toString();
  return `/api/audit.csv${query ? `?${query}` : ''}`;
}
