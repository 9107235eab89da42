import type { Dims } from '@/web/jobs/utils/job-view';

/** Tallest a job's media may be in the feed, so tall aspect ratios do not fill the page. */
const MAX_MEDIA_HEIGHT = '30rem';
/** The same at the default font size, for `sizes`, and the widest a card's media gets. */
const MAX_MEDIA_HEIGHT_PX = 480;
const MAX_MEDIA_WIDTH_PX = 1072;
/** A running job only needs to hint at the shape to come. */
export const MAX_PLACEHOLDER_HEIGHT = '10rem';

/** Caps the width so that, at this aspect ratio, the height stays under the limit. */
export const maxWidthFor = (
  { width, height }: Dims,
  cols: number,
  rows: number,
  maxHeight = MAX_MEDIA_HEIGHT,
) => ({
  maxWidth: `calc(${maxHeight} * ${(width * cols) / (height * rows)})`,
});

/**
 * The `sizes` of a tile in `cols` columns and `rows` rows sized by `maxWidthFor`. `auto`
 * first: Chromium takes a lazy image's laid-out width; other browsers the estimate after
 * it (the capped width once the window is wide enough for it, else a share of the window).
 */
export function tileSizes({ width, height }: Dims, cols: number, rows: number): string {
  const whole = Math.min(
    (MAX_MEDIA_HEIGHT_PX * width * cols) / (height * rows),
    MAX_MEDIA_WIDTH_PX,
  );
  const tile = Math.ceil(whole / cols);
  // The side bar, the page's and the card's padding take about 320 px beside the media.
  return `auto, (min-width: ${Math.ceil(whole) + 320}px) ${tile}px, ${Math.ceil(100 / cols)}vw`;
}

/** A draft batch: 3 columns, 4 from 640 px, 6 from 1024 px in at most 56rem. */
export const BATCH_TILE_SIZES = 'auto, (min-width: 1024px) 150px, (min-width: 640px) 25vw, 34vw';
