import { titleOf } from '@/contract/create-job';
import { operationOfTaskType } from '@/contract/operations';
import type { Job } from '@/contract/studio-api';

/**
 * What a job is, in words: "Upscale (subtle)", "Zoom out 2×", "Pan left", from the params
 * the studio API sends with it (the contract says how each operation is titled); a job
 * created before it kept them gets the operation's plain name ("Pan"). The lineage link
 * beside it says what it was made from ("from diffusion · U2").
 */
export const jobTitle = (job: Job): string =>
  titleOf(operationOfTaskType(job.operation), job.params, {
    hasParent: job.parentId !== null,
    prompt: job.prompt,
  });
