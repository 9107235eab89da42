import type { TaskResponse } from '../../contract/task';
import { MODEL_NAME, NO_ERROR } from '../../contract/task';
import type { TaskRow } from '../db/task-store';
import { toTaskOutput } from './outputs';

/**
 * Times that have not happened yet, written as the hosted service writes them, so
 * clients built against it read the engine unchanged (SPEC.md: date-time strings).
 */
const NOT_YET = '0001-01-01T00:00:00Z';

/** The public TaskResponse of a stored task; media URLs are built from `publicUrl` now. */
export function toTaskResponse(task: TaskRow, publicUrl: string): TaskResponse {
  return {
    job_id: task.jobId,
    model: MODEL_NAME,
    task_type: task.taskType,
    status: task.status,
    config: {
      service_mode: 'public',
      webhook_config: { endpoint: task.callback ?? '', secret: '' },
    },
    input: task.input,
    output:
      task.status === 'completed' && task.output ? toTaskOutput(task.output, publicUrl) : null,
    meta: {
      created_at: task.createdAt,
      started_at: task.startedAt ?? NOT_YET,
      ended_at: task.endedAt ?? NOT_YET,
      usage: {
        type: 'credit',
        frozen: task.frozenCredits + task.frozenPoints,
        consume: task.consumedCredits + task.consumedPoints,
      },
    },
    detail: null,
    logs: task.logs,
    error: task.error ?? NO_ERROR,
  };
}
