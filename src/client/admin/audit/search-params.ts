import { auditActionValues, type AuditAction } from '#shared/address-values';
import { LIMITS } from '#shared/constants';
import { oneOf, pageValue, rawText, setOnly } from '../ui/search-values';

/**
 * The Audit log's page and filters as the address holds them. Whatever a hand-edited address
 * holds that is not usable falls back to "not set" (search-values.ts, as the leads' screens
 * do), so a bad link still opens the first page.
 */
export interface AuditSearch {
  page?: number;
  action?: AuditAction;
  actor?: string;
}

export const auditSearchSchema = {
  parse: (search: Record<string, unknown>): AuditSearch => {
    const actor = rawText(search['actor']);
    return setOnly({
      page: pageValue(search['page']),
      action: oneOf(auditActionValues, search['action']),
      // Longer than any username: the server would refuse it (400), so it is "not set".
      actor: actor && actor.length <= LIMITS.usernameMax ? actor : undefined,
    });
  },
};

/** The CSV export's address for the filters the screen shows (every page). */
export function auditCsvHref(search: { action?: AuditAction; actor?: string }): string {
  const params = new URLSearchParams();
  if (search.action) params.set('action', search.action);
  if (search.actor) params.set('actor', search.actor);
  const query = params.toString();
  return `/api/audit.csv${query ? `?${query}` : ''}`;
}
