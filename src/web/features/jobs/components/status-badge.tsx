import type { TaskStatus } from '../../../../contract/task';
import type { BadgeTone } from '../../../components/ui/badge';
import { Badge } from '../../../components/ui/badge';

const TONE: Record<TaskStatus, BadgeTone> = {
  pending: 'neutral',
  staged: 'neutral',
  processing: 'accent',
  retry: 'warning',
  completed: 'success',
  failed: 'danger',
};

/** The state name exactly as the server says it; tests and people read the same word. */
export function StatusBadge({ status }: { status: TaskStatus }) {
  return (
    <Badge tone={TONE[status]} data-status={status}>
      {status}
    </Badge>
  );
}
