import * as z from 'zod/mini';
import { handleSchema } from './handle';
import { jobSchema } from './studio-api';

/** The most jobs one lineage tree holds; people do not make more from one image. */
export const TREE_MAX_JOBS = 500;

/**
 * `GET /studio-api/jobs/:id/tree`: the whole family of a job: its root (the first of its
 * ancestors the history still holds, or the job itself) and every job made from it,
 * at any depth, oldest first within each parent. `truncated` when it held more.
 */
export const lineageTreeSchema = z.object({
  rootId: handleSchema,
  jobs: z.array(jobSchema),
  truncated: z.boolean(),
});
export type LineageTree = z.infer<typeof lineageTreeSchema>;
