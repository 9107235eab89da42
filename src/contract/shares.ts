import * as z from 'zod/mini';
import { HANDLE_RE, handleSchema } from './handle';
import { makerSchema } from './studio-api';

/** How long a share link lasts, in days: one of these, a week unless chosen. */
export const SHARE_DAYS = [1, 7, 30] as const;
export type ShareDays = (typeof SHARE_DAYS)[number];
export const DEFAULT_SHARE_DAYS: ShareDays = 7;

/** A share link's id in paths: 22 characters of base64url (128 random bits). */
export const SHARE_ID_RE = /^[A-Za-z0-9_-]{22}$/;
export const shareIdSchema = z
  .string()
  .check(z.regex(SHARE_ID_RE, { error: 'must be a share id' }));

/**
 * `POST /studio-api/shares`: a link that shows, to anyone who has it, without a session,
 * until it lapses or is revoked, either one finished job's images (`jobId`, or one of them
 * with `index`) or a collection's images as they are when the page is read
 * (`collectionId`): exactly one of the two.
 */
export const newShareSchema = z
  .strictObject({
    jobId: z.optional(handleSchema),
    /** One image of the job; the whole job when absent. */
    index: z.optional(
      z
        .number({ error: 'must be the number of one of the job’s images, from 0' })
        .check(
          z.int({ error: 'must be a whole number' }),
          z.gte(0, { error: 'must be 0 or more' }),
        ),
    ),
    collectionId: z.optional(
      z.string().check(z.regex(HANDLE_RE, { error: 'must be a collection id' })),
    ),
    /** Whether the page shows the prompts; it does not unless asked. */
    showPrompt: z.optional(z.boolean({ error: 'must be true or false' })),
    expiresInDays: z.optional(
      z.union(
        SHARE_DAYS.map((d) => z.literal(d)),
        { error: `must be one of ${SHARE_DAYS.join(', ')} (days)` },
      ),
    ),
  })
  .check(
    z.refine((v) => (v.jobId === undefined) !== (v.collectionId === undefined), {
      error:
        'jobId, collectionId: give exactly one: jobId to share a job (or one image of it with index), collectionId to share a collection',
    }),
    z.refine((v) => v.index === undefined || v.jobId !== undefined, {
      error: 'index: names an image of a job, so it goes with jobId only',
    }),
  );
export type NewShare = z.infer<typeof newShareSchema>;

const SHARE_STATES = ['active', 'expired', 'revoked', 'gone'] as const;

/** A share link as its maker (and the team's admins) see it. */
const shareSchema = z.object({
  id: shareIdSchema,
  /** The link itself, absolute, to copy. */
  url: z.string(),
  /** The job shared; null on a link to a collection. */
  jobId: z.nullable(handleSchema),
  /** The collection shared; null on a link to a job. */
  collectionId: z.nullable(z.string()),
  /** The one image shared, or null for the whole job (and for a collection). */
  index: z.nullable(z.number()),
  /** The shared job's title ("Upscale (subtle)", the prompt's start, ...) or collection's name. */
  title: z.string(),
  showPrompt: z.boolean(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.nullable(z.string()),
  /** `gone`: its job (or collection) was deleted, so the link shows nothing any more. */
  state: z.enum(SHARE_STATES),
  /** Who made it; null for a link made before the studio knew people. */
  maker: z.nullable(makerSchema),
});
export type Share = z.infer<typeof shareSchema>;

export const shareEnvelopeSchema = z.object({ share: shareSchema });
export const shareListSchema = z.object({ shares: z.array(shareSchema) });

/** The most share links one person keeps at once (active or not yet revoked). */
export const SHARES_PER_PERSON = 500;
