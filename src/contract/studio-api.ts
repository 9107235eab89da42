import * as z from 'zod/mini';
import { HANDLE_RE, handleSchema } from './handle';
import {
  availableActionsSchema,
  TASK_STATUSES,
  TASK_TYPES,
  taskStatusSchema,
  taskTypeSchema,
} from './task';

/** The studio's own browser API (`/studio-api/*`): jobs are named by handles. */
export { HANDLE_RE, handleSchema } from './handle';

const mediaItemSchema = z.object({
  /** Same-origin URL, `/media/<handle>/<n>`. */
  url: z.string(),
  width: z.nullable(z.number().check(z.int())),
  height: z.nullable(z.number().check(z.int())),
});
export type MediaItem = z.infer<typeof mediaItemSchema>;

const studioErrorSchema = z.object({
  /** HTTP status of the failure (upstream's, or the studio's own). */
  status: z.number().check(z.int()),
  /** Stable machine code: `insufficient_quota`, `rate_limited`, `invalid_request`, ... */
  code: z.string(),
  message: z.string(),
  /** What the user can do about it. */
  hint: z.nullable(z.string()),
  retryAfterS: z.nullable(z.number()),
  /**
   * In an error answer: the id of the request it answers (also its `X-Request-Id`), which
   * the studio's log lines about it carry. A job's own error has none.
   */
  requestId: z.optional(z.nullable(z.string())),
});
export type StudioError = z.infer<typeof studioErrorSchema>;

const jobOutputSchema = z.object({
  /** The composite grid, when the task made one. */
  grid: z.nullable(mediaItemSchema),
  images: z.array(mediaItemSchema),
  videos: z.array(mediaItemSchema),
  prompts: z.array(z.string()),
  seed: z.nullable(z.string()),
  actions: availableActionsSchema,
});
export type JobOutput = z.infer<typeof jobOutputSchema>;

/** A job's maker as every signed-in person sees them: an id and a name. */
export const makerSchema = z.object({ id: z.string(), name: z.string() });
export type Maker = z.infer<typeof makerSchema>;

export const jobSchema = z.object({
  id: handleSchema,
  parentId: z.nullable(handleSchema),
  /** Which image of the parent this job derives from. */
  parentIndex: z.nullable(z.number().check(z.int())),
  operation: taskTypeSchema,
  /** What the job is, in words ("Upscale (subtle)", "Pan left"), from its params. */
  title: z.string(),
  prompt: z.string(),
  status: taskStatusSchema,
  progress: z.number().check(z.minimum(0)).check(z.maximum(100)),
  createdAt: z.string(),
  startedAt: z.nullable(z.string()),
  endedAt: z.nullable(z.string()),
  cost: z.object({ frozen: z.number(), consumed: z.number(), unit: z.string() }),
  output: z.nullable(jobOutputSchema),
  error: z.nullable(studioErrorSchema),
  /** Marked by the user (`PUT`/`DELETE /studio-api/jobs/:id/favourite`); always sent. */
  favourite: z.optional(z.boolean()),
  /**
   * Why no follow-up (upscale, variation, video, ...) can be made from this job, to show
   * beside disabled actions; null when they can. Set when the image service no longer has
   * the job (it keeps jobs a few days); its outputs stay viewable from the studio's cache.
   * Always sent.
   */
  followUpBlocked: z.optional(z.nullable(z.string())),
  /** Params it was created with (no jobId/callback); null if older or over 8 KB. Always sent. */
  params: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
  /**
   * Set, in words, when the studio does not know whether the image service made this job:
   * the answer to its create was lost (the studio stopped, the connection broke, or the
   * service timed out or failed). Its `status` stays `pending` and nothing is known of it
   * but what was asked; it becomes a normal job if the service reports on it, and can be
   * deleted like a finished one. Null for every other job. Always sent.
   */
  createUnknown: z.optional(z.nullable(z.string())),
  /**
   * Set while the job waits in the studio's queue, not yet sent to the image service (it
   * had no room, or the queue already held creates): its `place` in line, 1 next. Its
   * `status` is `pending`, its cost an estimate, nothing is charged; it can be moved
   * (`PUT /studio-api/jobs/:id/place`) or cancelled (`DELETE /studio-api/jobs/:id`). Null
   * for every other job. Always sent.
   */
  queued: z.optional(z.nullable(z.object({ place: z.number().check(z.int()) }))),
  /**
   * Who made the job: a person's id and name (never their email); null when the studio
   * does not know (a job from before it knew people). Always sent.
   */
  maker: z.optional(z.nullable(makerSchema)),
});
export type Job = z.infer<typeof jobSchema>;

export const jobListSchema = z.object({
  jobs: z.array(jobSchema),
  /** The `cursor` of the page after this one (older jobs); null when none follow. */
  nextCursor: z.nullable(z.string()),
  /**
   * The `after` of the page before this one (newer jobs), for a list that keeps only a
   * window of its pages; null for the newest page. Older proxies do not send it.
   */
  prevCursor: z.optional(z.nullable(z.string())),
});
export type JobList = z.infer<typeof jobListSchema>;

/** A comma-separated query value (`status=completed,failed`), split and checked as `list`. */
export const commaList = <T extends z.core.$ZodType<unknown, string[]>>(list: T) =>
  z.pipe(
    z.pipe(
      z.string(),
      z.transform((v) => v.split(',').filter((x) => x !== '')),
    ),
    list,
  );

/** One to twenty of `values`, comma-separated; a value not among them is told them all. */
const csv = <const T extends readonly string[]>(values: T, what: string) => {
  const error = `must be a comma-separated list of 1 to 20 ${what}`;
  return commaList(
    z
      .array(z.enum(values, { error: `must be one of ${values.join(', ')}` }), { error })
      .check(z.minLength(1, { error }))
      .check(z.maxLength(20, { error })),
  );
};

/** A whole number from 1 to `max` in a query (`limit=50`); `of` says what it counts. */
export const countParam = (max: number, of?: string) => {
  const error = `must be a whole number${of ? ` of ${of}` : ''} from 1 to ${max}`;
  return z.coerce
    .number({ error })
    .check(z.int({ error }))
    .check(z.minimum(1, { error }))
    .check(z.maximum(max, { error }));
};

/**
 * A day (`2026-01-31`, a whole day in UTC) or an instant (ISO 8601 with a zone). `from`
 * includes its day or instant; `to` includes a whole day, or ends just before an instant.
 */
const dayOrInstant = z
  .string()
  .check(
    z.regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/, {
      error: 'must be a date (2026-01-31) or a date and time with a zone (2026-01-31T12:00:00Z)',
    }),
  )
  .check(z.refine((v) => !Number.isNaN(Date.parse(v)), { error: 'must be a real date' }));

/**
 * `GET /studio-api/jobs`: newest first, in pages; every filter is optional and they
 * combine. `q` searches the prompts (whole words, each a prefix: `lig sto` finds
 * "lighthouse in a storm").
 */
export const jobListQuerySchema = z.object({
  /** Jobs older than this (an earlier page's `nextCursor`). */
  cursor: z.optional(z.string()),
  /** Jobs newer than this (a page's `prevCursor`): the page just above it. */
  after: z.optional(z.string()),
  limit: z._default(countParam(200), 50),
  operation: z.optional(csv(TASK_TYPES, 'task types')),
  status: z.optional(csv(TASK_STATUSES, 'statuses')),
  from: z.optional(dayOrInstant),
  to: z.optional(dayOrInstant),
  q: z.optional(
    z
      .string()
      .check(z.trim())
      .check(z.minLength(1))
      .check(z.maxLength(200, { error: 'must be at most 200 characters' })),
  ),
  favourite: z.optional(
    z.pipe(
      z.enum(['true', 'false'], { error: 'must be true or false' }),
      z.transform((v) => v === 'true'),
    ),
  ),
  /** The jobs one person made: `me` (the caller) or a person's id. */
  maker: z.optional(
    z.string().check(
      z.regex(/^(?:me|[A-Za-z0-9_-]{12})$/, {
        error: 'must be me or the id of a person of this studio',
      }),
    ),
  ),
  /** The jobs with a result in one collection (its id). */
  collection: z.optional(
    z.string().check(z.regex(HANDLE_RE, { error: 'must be the id of a collection' })),
  ),
});
export type JobListQuery = z.infer<typeof jobListQuerySchema>;

/**
 * The library's filter without paging: what "every job the filter matches" means to the
 * ZIP export and to the bulk actions. Kept as the query's strings (`favourite: 'true'`).
 */
export const jobFilterSchema = z.omit(jobListQuerySchema, {
  cursor: true,
  after: true,
  limit: true,
});

export const jobEnvelopeSchema = z.object({ job: jobSchema });
/** `POST /studio-api/jobs/batch`: the batch's jobs, in the order of its creates. */
export const jobBatchSchema = z.object({ jobs: z.array(jobSchema) });
export const errorEnvelopeSchema = z.object({ error: studioErrorSchema });

/**
 * How job status reaches the studio (`GET /studio-api/status`, and the `status` event).
 * With `callbacks` the upstream calls the proxy back when a job finishes; with `polling`
 * the proxy reads running jobs itself (slower to notice, more upstream requests).
 */
const pushStatusSchema = z.object({
  mode: z.enum(['callbacks', 'polling']),
  /** Why callbacks are not used, in words for the operator; null when they are. */
  reason: z.nullable(z.string()),
});
export type PushStatus = z.infer<typeof pushStatusSchema>;

/** What `POST /studio-api/uploads` accepts right now. */
const uploadsStatusSchema = z.object({
  /** False when the upstream could not fetch an upload (see `reason`). */
  enabled: z.boolean(),
  reason: z.nullable(z.string()),
  maxBytes: z.number().check(z.int()),
  maxPixels: z.number().check(z.int()),
  types: z.array(z.string()),
});
export type UploadsStatus = z.infer<typeof uploadsStatusSchema>;

/**
 * Whether the proxy can reach the task service. False after a refused connection, a
 * timeout or a gateway's 502/503/504; true again at the next answer.
 */
const upstreamStatusSchema = z.object({
  reachable: z.boolean(),
  /** When the service last answered (ISO time); null before the first answer. */
  lastContactAt: z.nullable(z.string()),
  /** Why it is thought down, in words; null while it answers. */
  reason: z.nullable(z.string()),
});
export type UpstreamStatus = z.infer<typeof upstreamStatusSchema>;

export const studioStatusSchema = z.object({
  push: pushStatusSchema,
  uploads: uploadsStatusSchema,
  upstream: upstreamStatusSchema,
});
export type StudioStatus = z.infer<typeof studioStatusSchema>;

/**
 * An uploaded image, re-encoded without metadata (`POST /studio-api/uploads`, multipart
 * field `file` or the raw bytes as the body). `url` is the public address to put into a
 * create's params (`imgUrl`, `imgUrls`, a video prompt, `--sref`...): the upstream fetches
 * it. `previewUrl` is the same file on the studio's own origin, for showing it.
 */
const uploadSchema = z.object({
  id: handleSchema,
  url: z.string(),
  previewUrl: z.string(),
  width: z.number().check(z.int()),
  height: z.number().check(z.int()),
  bytes: z.number().check(z.int()),
  type: z.enum(['image/png', 'image/jpeg', 'image/webp', 'image/gif']),
});
export type Upload = z.infer<typeof uploadSchema>;
export const uploadEnvelopeSchema = z.object({ upload: uploadSchema });

/**
 * `GET /studio-api/jobs/:id/lineage`: the jobs this one derives from, the root first (a
 * deleted one is skipped), and the jobs made from it, oldest first.
 */
export const lineageSchema = z.object({
  ancestors: z.array(jobSchema),
  children: z.array(jobSchema),
});
export type Lineage = z.infer<typeof lineageSchema>;

/** `DELETE /studio-api/jobs/:id`: the job is gone from the studio (not from the upstream). */
export const deletedEnvelopeSchema = z.object({ deleted: handleSchema });
