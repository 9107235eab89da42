import type { TaskStatus } from '@/contract/task';
import type { BadgeTone } from '@/web/components/ui/badge';
import { Badge } from '@/web/components/ui/badge';

type StatusWord = TaskStatus | 'unknown' | 'queued';

const TONE: Record<StatusWord, BadgeTone> = {
  pending: 'neutral',
  staged: 'neutral',
  processing: 'accent',
  retry: 'warning',
  completed: 'success',
  failed: 'danger',
  unknown: 'warning',
  queued: 'neutral',
};

/**
 * The state name exactly as the server says it, `unknown` when the create's answer was
 * lost, or `queued` while it waits in the studio's queue; tests and people read the same word.
 */
export function StatusBadge({ status }: { status: StatusWord }) {
  return (
    <Badge tone={TONE[status]} data-status={status}>
      {status}
    </Badge>
  );
}
