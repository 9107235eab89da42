/**
 * The thumbnails the studio makes of output images, in a few fixed sizes (the longest side
 * in px), never one a request names: each size is a file in the studio's cache.
 *
 * - 384: the gallery's tiles (192 CSS px on a 2x screen) and a draft batch's tiles.
 * - 768: a 2x2 grid of square images (up to 240 CSS px a tile), the largest batch tiles.
 * - 1536: a wide grid's tiles and a single image (up to ~1,070 CSS px wide), so a 2x
 *   screen shows them sharp; a 1024 px original stays 1024 px (never enlarged).
 *
 * `/media/<handle>/<n>/thumb` is the default size; `/media/<handle>/<n>/thumb/<size>` any
 * of them. Zod-free: the first page imports it.
 */
export const THUMB_SIZES = [384, 768, 1536] as const;

export type ThumbSize = (typeof THUMB_SIZES)[number];

export const DEFAULT_THUMB_SIZE: ThumbSize = 384;

export const isThumbSize = (n: number): n is ThumbSize =>
  (THUMB_SIZES as readonly number[]).includes(n);

/** The thumbnail of a media URL (`/media/<handle>/<n>`) at a size. */
export const thumbOf = (mediaUrl: string, size: ThumbSize = DEFAULT_THUMB_SIZE): string =>
  size === DEFAULT_THUMB_SIZE ? `${mediaUrl}/thumb` : `${mediaUrl}/thumb/${size}`;
