import type { MediaItem } from '@/contract/studio-api';
import { THUMB_SIZES, thumbOf } from '@/contract/thumbnails';
import type { Dims } from '@/web/jobs/utils/job-view';

/** What an image tile of a card loads: the studio's thumbnails, never the full file. */
export interface ThumbSources {
  /** The smallest thumbnail, for a browser that ignores `srcset`. */
  src: string;
  /** Each size with the width it really has, so the browser picks by the tile's width. */
  srcSet: string;
}

/**
 * The thumbnails of an image of `dims`: each size's width is its longest side capped at
 * the original's (the studio never enlarges), and a size the original does not exceed is
 * the last one offered, as a larger one would be the same pixels in another file.
 */
export function thumbSources(item: MediaItem, dims: Dims): ThumbSources {
  const long = Math.max(dims.width, dims.height);
  const candidates: string[] = [];
  for (const size of THUMB_SIZES) {
    const side = Math.min(size, long);
    candidates.push(`${thumbOf(item.url, size)} ${Math.round((dims.width * side) / long)}w`);
    if (side === long) break;
  }
  return { src: thumbOf(item.url), srcSet: candidates.join(', ') };
}
