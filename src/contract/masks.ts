import * as z from 'zod/mini';

/**
 * Masks the studio keeps: the one each vary region, edit or upload-and-paint job was sent
 * with (`GET /studio-api/jobs/:id/mask`), and each person's masks saved by name for an
 * image (`/studio-api/masks`), which only they see.
 */

/** The most masks one person keeps saved, over all images. */
export const SAVED_MASKS_PER_PERSON = 50;
/** A saved mask's name, trimmed. */
export const MASK_NAME_MAX = 80;
/** The image a mask is saved for: its address as the editor opened it. */
const MASK_IMAGE_MAX = 2048;
/** A saved mask's runs (see `packedMaskSchema`), in characters. */
const MASK_RUNS_MAX = 200_000;
/** A saved mask's sides, in pixels. */
const MASK_PIXELS_SIDE_MAX = 16_384;

const between = (what: string, max: number) => `must be ${what} of 1 to ${max} characters`;

const boundedString = (max: number) =>
  z
    .string({ error: between('a string', max) })
    .check(
      z.trim(),
      z.minLength(1, { error: between('a string', max) }),
      z.maxLength(max, { error: between('a string', max) }),
    );

const side = z.number({ error: `must be an integer between 1 and ${MASK_PIXELS_SIDE_MAX}` }).check(
  z.int({ error: `must be an integer between 1 and ${MASK_PIXELS_SIDE_MAX}` }),
  z.minimum(1, { error: `must be an integer between 1 and ${MASK_PIXELS_SIDE_MAX}` }),
  z.maximum(MASK_PIXELS_SIDE_MAX, {
    error: `must be an integer between 1 and ${MASK_PIXELS_SIDE_MAX}`,
  }),
);

const RUNS_RE = /^[0-9a-z]+(\.[0-9a-z]+)*$/;

/**
 * A mask as the editor packs it: its size and the lengths of its alternating runs (unset
 * first), base 36, dot-separated.
 */
const packedMaskSchema = z.strictObject(
  {
    width: side,
    height: side,
    runs: z
      .string({ error: 'must be run lengths in base 36, dot-separated' })
      .check(
        z.maxLength(MASK_RUNS_MAX, { error: `must be at most ${MASK_RUNS_MAX} characters` }),
        z.regex(RUNS_RE, { error: 'must be run lengths in base 36, dot-separated' }),
      ),
  },
  { error: 'must be an object {width, height, runs}' },
);
export type PackedMask = z.infer<typeof packedMaskSchema>;

/** `POST /studio-api/masks`: saves (or replaces, by name) a mask of an image. */
export const savedMaskDraftSchema = z.strictObject({
  image: boundedString(MASK_IMAGE_MAX),
  name: boundedString(MASK_NAME_MAX),
  mask: packedMaskSchema,
});
export type SavedMaskDraft = z.infer<typeof savedMaskDraftSchema>;

/** `GET` and `DELETE /studio-api/masks?image=...(&name=...)`. */
export const savedMaskQuerySchema = z.strictObject({ image: boundedString(MASK_IMAGE_MAX) });
export const savedMaskKeySchema = z.strictObject({
  image: boundedString(MASK_IMAGE_MAX),
  name: boundedString(MASK_NAME_MAX),
});

const savedMaskSchema = z.object({
  image: z.string(),
  name: z.string(),
  mask: z.object({ width: z.number(), height: z.number(), runs: z.string() }),
  savedAt: z.string(),
});
export type SavedMask = z.infer<typeof savedMaskSchema>;

/** The caller's masks of one image, newest first. */
export const savedMaskListSchema = z.object({ masks: z.array(savedMaskSchema) });
export const savedMaskEnvelopeSchema = z.object({ mask: savedMaskSchema });
export const savedMaskDeletedSchema = z.object({ deleted: z.string() });

/**
 * `GET /studio-api/jobs/:id/mask`: the mask the job was sent with, as sent (polygons, or
 * the address of a mask image), anything UUID-shaped in it redacted.
 */
export const jobMaskEnvelopeSchema = z.object({
  mask: z.object({
    areas: z.optional(
      z.array(z.object({ width: z.number(), height: z.number(), points: z.array(z.number()) })),
    ),
    url: z.optional(z.string()),
  }),
});
export type JobMask = z.infer<typeof jobMaskEnvelopeSchema>['mask'];
