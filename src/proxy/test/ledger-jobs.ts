import {
  taskResponseSchema,
  type TaskResponse,
  type TaskStatus,
  type TaskType,
} from '@/contract/task';
import { stateFromTask, type JobRecord } from '../model/record';
import { createRedactor } from '../log';
import type { HistoryStore } from '../store/shared-store';

const redact = createRedactor([]);

export interface TaskShape {
  status: TaskStatus;
  frozen: number;
  consume: number;
  operation?: TaskType;
  createdAt?: string;
  /** A text result (describe/shorten): completes without media to fetch. */
  prompts?: string[];
}

/** A TaskResponse as the engine answers it, with the usage the test needs. */
export function taskWith(id: string, t: TaskShape): TaskResponse {
  const createdAt = t.createdAt ?? '2026-05-01T10:00:00Z';
  return taskResponseSchema.parse({
    job_id: id,
    model: 'midjourney',
    task_type: t.operation ?? 'diffusion',
    status: t.status,
    config: { service_mode: 'public', webhook_config: { endpoint: '', secret: '' } },
    input: null,
    output: t.status === 'completed' ? { prompts: t.prompts ?? ['a prompt'] } : null,
    meta: {
      created_at: createdAt,
      started_at: createdAt,
      ended_at: createdAt,
      usage: { type: 'credit', frozen: t.frozen, consume: t.consume },
    },
    detail: null,
    logs: [],
    error: { code: t.status === 'failed' ? 500 : 0, message: '', raw_message: '', detail: null },
  });
}

export interface LedgerJobSpec extends TaskShape {
  handle: string;
  prompt?: string;
  parentHandle?: string;
  /** The maker's person id. */
  createdBy?: string;
}

/** Stores a job as the create does, from its first TaskResponse. */
export function insertJob(store: HistoryStore, spec: LedgerJobSpec): Promise<JobRecord> {
  const task = taskWith(`up-${spec.handle}`, spec);
  return store.insert({
    handle: spec.handle,
    upstreamId: task.job_id,
    parentHandle: spec.parentHandle ?? null,
    parentIndex: spec.parentHandle ? 0 : null,
    operation: spec.operation ?? 'diffusion',
    prompt: spec.prompt ?? 'a prompt',
    createdAt: spec.createdAt ?? '2026-05-01T10:00:00Z',
    dims: {},
    ...(spec.createdBy !== undefined ? { createdBy: spec.createdBy } : {}),
    task,
    ...stateFromTask(task, null, redact),
  });
}
