/**
 * An engagement as the parts built on it receive it once its link or its id was checked
 * (docs/engagements.md): the client page's lookup by token, or the admin's by id, resolves it;
 * the files and the thread then read and write only `(engagement, id)`.
 */
import type { EngagementStatus } from '#shared/engagements/values';

export interface EngagementRef {
  id: number;
  leadId: number;
  status: EngagementStatus;
  clientUploads: boolean;
}
