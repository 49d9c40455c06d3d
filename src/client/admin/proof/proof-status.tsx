import type { ProofStatus } from '#shared/proof';
import { Badge } from '../ui/badge';

export function ProofStatusBadge({ status }: { status: ProofStatus }) {
  return status === 'published' ? (
    <Badge tone="done">Published</Badge>
  ) : (
    <Badge tone="quiet">Draft</Badge>
  );
}
