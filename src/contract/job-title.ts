import { titleOf } from './create-job';
import { operationOfTaskType } from './operations';
import type { TaskType } from './task';

/** What a job's title is made from: its task type, params, parent and prompt. */
export interface TitleFacts {
  operation: TaskType;
  /** The params it was created with; null or absent for a job that kept none. */
  params?: Record<string, unknown> | null;
  parentId: string | null;
  prompt: string;
}

/**
 * What a job is, in words: "Upscale (subtle)", "Zoom out 2×", "Pan left", from the params
 * it was created with (each operation's spec says how it is titled); a job created before
 * the studio kept them gets the operation's plain name ("Pan"). The studio server sends it
 * as the job's `title`, so the browser needs no schema to name a job.
 */
export const jobTitleOf = (job: TitleFacts): string =>
  titleOf(operationOfTaskType(job.operation), job.params ?? null, {
    hasParent: job.parentId !== null,
    prompt: job.prompt,
  });
