import type { Dims } from '../utils/job-view';

/** Tallest a job's media may be in the feed, so tall aspect ratios do not fill the page. */
const MAX_MEDIA_HEIGHT = '30rem';
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
