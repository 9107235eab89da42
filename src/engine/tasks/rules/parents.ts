import type { IndexedAction } from '@/contract/task';
import { Rejection, badRequest } from './rejection';
import type { StoredImage } from '@/engine/db/stored-output';
import { imageOutputOf } from '@/engine/db/stored-output';
import type { TaskRow, TaskStore } from '@/engine/db/task-store';

/** No output image may be wider or taller than this. */
const MAX_OUTPUT_SIDE = 8192;

export const isExpired = (task: TaskRow, ttlS: number, now: Date): boolean =>
  now.getTime() - Date.parse(task.createdAt) > ttlS * 1000;

export interface ParentQuery {
  tasks: TaskStore;
  accountId: number;
  ttlS: number;
  /** ENGINE_EXTEND_WINDOW_S: how long after completion a video can be extended. */
  extendWindowS: number;
  now: Date;
}

/**
 * The parent a follow-up names. Another account's job answers 404 exactly like an
 * unknown one, so a job id cannot be probed for existence with a different key.
 */
export function findParent(q: ParentQuery, jobId: string): TaskRow {
  const parent = q.tasks.get(jobId);
  if (!parent || parent.accountId !== q.accountId || isExpired(parent, q.ttlS, q.now)) {
    throw new Rejection(404, `jobId: no task ${jobId} found for this account`, true);
  }
  if (parent.status !== 'completed') {
    throw badRequest(`parent task is ${parent.status}, not completed`);
  }
  return parent;
}

/**
 * The parent image an indexed action works on: the index must be within the parent's
 * real images, and the action must be listed for that index in `available_actions`.
 */
export function parentImage(parent: TaskRow, action: IndexedAction, imageNo: number): StoredImage {
  const output = imageOutputOf(parent.output);
  if (!output || output.images.length === 0) {
    throw badRequest(
      `jobId: ${action} needs an image task; a ${parent.taskType} task has no images`,
    );
  }
  const images = output.images;
  const image = images[imageNo];
  if (!image) throw badRequest(`imageNo: must be between 0 and ${images.length - 1}`);
  const allowed = output.actions[action] ?? [];
  if (!allowed.includes(imageNo)) throw badRequest(`${action} is unsupported for this image`);
  return image;
}

/** Refuses at create an output that would be larger than any side may be. */
export function checkOutputSize(width: number, height: number): void {
  if (Math.max(width, height) > MAX_OUTPUT_SIDE) {
    throw badRequest(
      `the output would be ${width}x${height} px; no output side may exceed ${MAX_OUTPUT_SIDE} px`,
    );
  }
}
