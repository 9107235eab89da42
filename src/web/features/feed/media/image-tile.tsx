import { useContext, type CSSProperties } from 'react';
import type { Job, MediaItem } from '@/contract/studio-api';
import type { JobActions } from '../actions/use-job-actions';
import { useLightboxActions } from '../viewer/lightbox-store';
import type { MenuCapability } from '@/web/jobs/utils/action-plan';
import { imageAlt, mediaDims } from '@/web/jobs/utils/job-view';
import { thumbSources } from './thumb-sources';
import { DeferredThumbs } from './deferred-thumbs';
import { ImageMenu } from '../actions/image-menu';

/** A checkerboard behind an image with transparency (a removed background). */
const CHECKERBOARD: CSSProperties = {
  backgroundImage: 'repeating-conic-gradient(#3f3f46 0 25%, #27272a 0 50%)',
  backgroundSize: '16px 16px',
};

interface ImageTileProps {
  job: Job;
  image: MediaItem;
  index: number;
  /** How wide the tile is drawn (the `sizes` attribute), so the browser picks a thumbnail. */
  sizes: string;
  /** What the image's "More actions" menu offers; none, no menu. */
  capabilities: MenuCapability[];
  actions: JobActions;
  transparent?: boolean;
}

/**
 * One image: a button that opens the lightbox, with its action menu in the corner. The tile
 * shows one of the studio's thumbnails; the full file loads only in the lightbox.
 */
export function ImageTile({
  job,
  image,
  index,
  sizes,
  capabilities,
  actions,
  transparent,
}: ImageTileProps) {
  const { lightboxOpened } = useLightboxActions();
  const dims = mediaDims(image, job.prompt);
  const { src, srcSet } = thumbSources(image, dims);
  const deferred = useContext(DeferredThumbs);
  const files = deferred
    ? { 'data-src': src, 'data-srcset': srcSet }
    : { src, srcSet, loading: 'lazy' as const };
  // An image with no file yet is drawn as its alt text, whatever its size: its button
  // keeps the box the image will fill.
  const box = deferred ? { aspectRatio: `${dims.width} / ${dims.height}` } : undefined;
  return (
    <div className="group/tile relative">
      {/* The button's accessible name is the image's alt text ("Image 2 of …"). */}
      <button
        type="button"
        onClick={() => lightboxOpened(job.id, index)}
        style={box}
        className="block w-full cursor-zoom-in overflow-hidden focus-visible:outline-offset-[-2px]"
      >
        <img
          {...files}
          sizes={sizes}
          width={dims.width}
          height={dims.height}
          alt={imageAlt(index, job.prompt)}
          decoding="async"
          style={transparent ? CHECKERBOARD : undefined}
          className="block h-auto w-full bg-zinc-800 transition-opacity group-hover/tile:opacity-90"
        />
      </button>
      <ImageMenu imageNo={index} capabilities={capabilities} actions={actions} />
    </div>
  );
}
