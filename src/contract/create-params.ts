import * as z from 'zod/mini';
import type { OperationSpec, Report } from './requests/operation';

/**
 * A create's params, shared by the create's schema (`create-job-schema.ts`) and what the
 * browser checks before sending (`create-job.ts`): an operation's own fields, and refused
 * the fields the proxy fills.
 */

/** Fields of the service's request that the proxy fills; a create may not give them. */
export const PROXY_FILLED = {
  jobId: z.optional(z.never({ error: 'must not be given (name the parent job with parentId)' })),
  callback: z.optional(z.never({ error: 'must not be given (the studio sets it)' })),
  notify_progress: z.optional(z.never({ error: 'must not be given (the studio sets it)' })),
};
export const PROXY_FILLED_FIELDS: ReadonlySet<string> = new Set(Object.keys(PROXY_FILLED));

export const paramsObject = <F extends z.core.$ZodShape>(spec: OperationSpec<F>) =>
  z.object({ ...PROXY_FILLED, ...spec.fields });

export const runRule = <F extends z.core.$ZodShape>(
  spec: OperationSpec<F>,
  params: z.output<z.ZodMiniObject<F>>,
  hasParent: boolean,
  report: Report,
) => spec.rule?.(params, { given: hasParent, field: 'parentId' }, report);
