import type { StudioError } from '@/contract/studio-api';
import {
  isTerminal,
  progressFromLogs,
  type TaskOutput,
  type TaskResponse,
  type TaskStatus,
  type TaskType,
} from '@/contract/task';
import type { Redactor } from '../log';
import { studioError } from '../studio-error';

interface Cost {
  frozen: number;
  consumed: number;
  unit: string;
}

interface Dims {
  width: number;
  height: number;
}

/** Measured sizes of a job's media, by media key: `grid`, `0`, `1`, ... */
export type MediaDims = Record<string, Dims>;

/** What a TaskResponse tells about a job; changes with every read. */
export interface JobState {
  status: TaskStatus;
  progress: number;
  startedAt: string | null;
  endedAt: string | null;
  cost: Cost;
  /** The upstream's output, upstream URLs included: it never leaves the server as is. */
  output: TaskOutput | null;
  error: StudioError | null;
}

/**
 * Where the create of a job stands before the upstream has named its task: `queued` while
 * it waits in the studio's queue (not sent yet), `sending` while this process waits for
 * the answer, `unknown` once that answer was lost.
 */
export type CreateState = 'queued' | 'sending' | 'unknown';

/** One job of the studio's history, as stored. */
export interface JobRecord extends JobState {
  handle: string;
  seq: number;
  upstreamId: string;
  parentHandle: string | null;
  parentIndex: number | null;
  operation: TaskType;
  prompt: string;
  createdAt: string;
  dims: MediaDims;
  favourite: boolean;
  /**
   * The params the job was created with (without `jobId` and `callback`); null for jobs
   * older than this column, and for params too large to keep (see jobs/params.ts).
   */
  params: Record<string, unknown> | null;
  /** The upstream no longer has the job: no follow-ups, no media beyond the cache. */
  upstreamExpired: boolean;
  /** Null once the upstream named the task (`upstreamId`); until then it is ''. */
  createState: CreateState | null;
  /** A queued create's place in line, 1 first; null for every other job. */
  queuePlace: number | null;
  /** The id of the person who made it; null only for a job no one has been given yet. */
  createdBy: string | null;
}

const NO_COST: Cost = { frozen: 0, consumed: 0, unit: 'credit' };

/** A job whose create has not been answered yet: nothing is known but that it was asked. */
export const INTENT_STATE: JobState = {
  status: 'pending',
  progress: 0,
  startedAt: null,
  endedAt: null,
  cost: NO_COST,
  output: null,
  error: null,
};

function progressOf(task: TaskResponse, prev: JobState | null): number {
  switch (task.status) {
    case 'completed':
      return 100;
    case 'pending':
    case 'staged':
      return 0;
    case 'processing':
    case 'retry':
    case 'failed':
      return progressFromLogs(task.logs) ?? prev?.progress ?? 0;
  }
}

/** A failed task as the browser sees it: the upstream's words, without ids. */
function taskError(task: TaskResponse, redact: Redactor): StudioError | null {
  if (task.status !== 'failed') return null;
  const message = redact(task.error.message || task.error.raw_message).trim();
  return studioError(
    task.error.code || 500,
    'task_failed',
    message || 'The image service could not finish this task.',
    'Change the prompt or settings and try again.',
  );
}

/** The state a TaskResponse describes; missing parts keep what was known before. */
export function stateFromTask(
  task: TaskResponse,
  prev: JobState | null,
  redact: Redactor,
): JobState {
  const meta = task.meta;
  const usage = meta?.usage;
  return {
    status: task.status,
    progress: progressOf(task, prev),
    startedAt: meta?.started_at ?? prev?.startedAt ?? null,
    endedAt: meta?.ended_at ?? prev?.endedAt ?? null,
    cost: usage
      ? { frozen: usage.frozen, consumed: usage.consume, unit: usage.type }
      : (prev?.cost ?? NO_COST),
    output: task.output ?? (task.status === 'completed' ? (prev?.output ?? null) : null),
    error: taskError(task, redact),
  };
}

/** The upstream no longer knows the job (about 3 days after it ran). */
export function expiredState(prev: JobState): JobState {
  return {
    ...prev,
    status: 'failed',
    error: studioError(
      410,
      'expired',
      'The image service no longer has this job (jobs expire there after about 3 days) and it never finished here.',
      'Create it again.',
    ),
  };
}

/** A finished job is final: a late or replayed read must not change it. */
export const acceptsUpdate = (current: TaskStatus): boolean => !isTerminal(current);

/**
 * Whether the studio may forget a job: once it has finished, or when its create's answer
 * was lost (it may never be heard of again).
 */
export const isDeletable = (job: Pick<JobRecord, 'status' | 'createState'>): boolean =>
  isTerminal(job.status) || job.createState === 'unknown';
