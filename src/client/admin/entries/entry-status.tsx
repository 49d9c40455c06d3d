import type { EntryStatus } from '#shared/entries';
import { Badge } from '../ui/badge';

/** Draft or published, in words (the colour only repeats them). */
export function EntryStatusBadge({ status }: { status: EntryStatus }) {
  return status === 'published' ? (
    <Badge tone="done">Published</Badge>
  ) : (
    <Badge tone="quiet">Draft</Badge>
  );
}
