import * as z from 'zod/mini';
import { handleSchema } from './handle';
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
 * `POST /studio-api/shares`: a link that shows one finished job's images (or one of them,
 * `index`) to anyone who has it, without a session, until it lapses or is revoked.
 */
export const newShareSchema = z.strictObject({
  jobId: handleSchema,
  /** One image of the job; the whole job when absent. */
  index: z.optional(
    z
      .number({ error: 'must be the number of one of the job’s images, from 0' })
      .check(z.int({ error: 'must be a whole number' }), z.gte(0, { error: 'must be 0 or more' })),
  ),
  /** Whether the page shows the job's prompt; it does not unless asked. */
  showPrompt: z.optional(z.boolean({ error: 'must be true or false' })),
  expiresInDays: z.optional(
    z.union(
      SHARE_DAYS.map((d) => z.literal(d)),
      { error: `must be one of ${SHARE_DAYS.join(', ')} (days)` },
    ),
  ),
});
export type NewShare = z.infer<typeof newShareSchema>;

const SHARE_STATES = ['active', 'expired', 'revoked', 'gone'] as const;

/** A share link as its maker (and the team's admins) see it. */
const shareSchema = z.object({
  id: shareIdSchema,
  /** The link itself, absolute, to copy. */
  url: z.string(),
  jobId: handleSchema,
  /** The one image shared, or null for the whole job. */
  index: z.nullable(z.number()),
  /** The shared job's title ("Upscale (subtle)", the prompt's start, ...). */
  title: z.string(),
  showPrompt: z.boolean(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.nullable(z.string()),
  /** `gone`: its job was deleted, so the link shows nothing any more. */
  state: z.enum(SHARE_STATES),
  /** Who made it; null for a link made before the studio knew people. */
  maker: z.nullable(makerSchema),
});
export type Share = z.infer<typeof shareSchema>;

export const shareEnvelopeSchema = z.object({ share: shareSchema });
export const shareListSchema = z.object({ shares: z.array(shareSchema) });

/** The most share links one person keeps at once (active or not yet revoked). */
export const SHARES_PER_PERSON = 500;
