import type {
  ImageOutput,
  TaskOutput,
  TaskResponse,
  TextOutput,
  VideoOutput,
} from '@/contract/task';
import { MODEL_NAME, NO_ERROR } from '@/contract/task';
import type { StoredOutput } from '../db/stored-output';
import type { TaskRow } from '../db/task-store';

/**
 * Times that have not happened yet, written as the hosted service writes them, so
 * clients built against it read the engine unchanged (docs/service-interface.md#date-time-strings).
 */
const NOT_YET = '0001-01-01T00:00:00Z';

const fileUrl = (publicUrl: string, file: string): string => `${publicUrl}/files/${file}`;

/** The contract's output, with absolute URLs built from the current public URL. */
function toTaskOutput(stored: StoredOutput, publicUrl: string): TaskOutput {
  if (stored.kind === 'text') {
    const { kind: _kind, ...text } = stored;
    return text satisfies TextOutput;
  }
  if (stored.kind === 'videos') {
    const video_urls = stored.videos.map((v) => fileUrl(publicUrl, v.file));
    return { video_urls, seed: stored.seed } satisfies VideoOutput;
  }
  const urls = stored.images.map((img) => fileUrl(publicUrl, img.file));
  const main = stored.grid ? fileUrl(publicUrl, stored.grid.file) : (urls[0] ?? '');
  const out: ImageOutput = {
    image_url: main,
    image_urls: urls,
    seed: stored.seed,
    available_actions: stored.actions,
  };
  return out;
}

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
