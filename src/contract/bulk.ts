import * as z from 'zod/mini';
import { handleSchema } from './handle';
import { jobFilterSchema, jobListQuerySchema } from './studio-api';

/** The most jobs one bulk request names one by one; a filter has no such bound. */
export const BULK_MAX_IDS = 500;

const BULK_ACTIONS = ['favourite', 'unfavourite', 'delete'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

const FILTER_FIELDS = [...Object.keys(jobFilterSchema.shape), 'cursor'].join(', ');

/**
 * The library's filter (the history search's and the ZIP export's), and `cursor`, which
 * keeps the action to the jobs older than it: the `cursor` a dry run answered, so that a
 * job made after the count is not touched. Strict: a misspelt field must not widen a
 * deletion to everything.
 */
const bulkFilterSchema = z.strictObject(
  { ...jobFilterSchema.shape, cursor: jobListQuerySchema.shape.cursor },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `unknown field ${issue.keys.join(', ')}; the filter takes ${FILTER_FIELDS}`
        : 'must be an object of the library’s filters',
  },
);
/** The filter as the browser sends it: the query's strings. */
export type BulkFilter = z.input<typeof bulkFilterSchema>;

/**
 * `POST /studio-api/jobs/bulk`: one action on the jobs named by `ids` or on every job
 * `filter` matches. `dryRun` changes nothing and answers what would change (the count a
 * confirmation shows).
 */
export const bulkRequestSchema = z
  .strictObject({
    action: z.enum(BULK_ACTIONS, { error: `must be one of ${BULK_ACTIONS.join(', ')}` }),
    ids: z.optional(
      z
        .array(handleSchema, { error: 'must be a list of job ids' })
        .check(z.minLength(1, { error: 'must name at least one job' }))
        .check(z.maxLength(BULK_MAX_IDS, { error: `must name at most ${BULK_MAX_IDS} jobs` })),
    ),
    filter: z.optional(bulkFilterSchema),
    dryRun: z.optional(z.boolean({ error: 'must be true or false' })),
  })
  .check(
    z.refine((b) => (b.ids === undefined) !== (b.filter === undefined), {
      error:
        'ids, filter: give exactly one of them (the jobs by id, or every job a filter matches)',
    }),
  );
/** What the browser sends. */
export type BulkRequest = z.input<typeof bulkRequestSchema>;
/** What the proxy acts on, once parsed. */
export type ParsedBulkRequest = z.infer<typeof bulkRequestSchema>;

const count = z.number().check(z.int()).check(z.nonnegative());

/** What a bulk action did (or, in a dry run, would do). */
export const bulkResultSchema = z.object({
  action: z.enum(BULK_ACTIONS),
  /** The jobs named or matched that the history holds. */
  matched: count,
  /** Those whose favourite flag changed, or that were deleted. */
  changed: count,
  /** Running jobs a delete leaves alone (they can be deleted once finished). */
  skipped: count,
  /** For a filter: the `cursor` that keeps a later request to the jobs counted here. */
  cursor: z.nullable(z.string()),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;
