import { resultFileName } from '@/contract/file-names';
import type { Job, MediaItem } from '@/contract/studio-api';
import { viewableImages } from './job-view';

/** One output of a job in the gallery: an image or a clip, with where it came from. */
export interface GalleryTile {
  /** `<handle>/<n>`: unique and stable while the job exists. */
  key: string;
  job: Job;
  kind: 'image' | 'video';
  /** Its number within the job's outputs, from 0. */
  index: number;
  item: MediaItem;
}

/** A job's tiles, made once per job object: the query keeps an unchanged job's object. */
const tilesByJob = new WeakMap<Job, readonly GalleryTile[]>();

function jobTiles(job: Job): readonly GalleryTile[] {
  const made = tilesByJob.get(job);
  if (made) return made;
  let tiles: GalleryTile[] = [];
  if (job.status === 'completed' && job.output) {
    const videos = job.output.videos;
    const kind = videos.length > 0 ? 'video' : 'image';
    const items = kind === 'video' ? videos : viewableImages(job);
    tiles = items.map((item, index) => ({ key: `${job.id}/${index}`, job, kind, index, item }));
  }
  tilesByJob.set(job, tiles);
  return tiles;
}

/**
 * The gallery's tiles: every image and clip of the jobs, newest job first and in their
 * order within a job. Jobs with nothing to show (running, failed, text) give none. A job
 * unchanged since the last call gives the same tile objects, so appending a page (or one
 * job's update) redraws no other tile.
 */
export function galleryTiles(jobs: readonly Job[]): GalleryTile[] {
  return jobs.flatMap(jobTiles);
}

/** The small WebP the studio makes of an output image (`/media/<handle>/<n>/thumb`). */
export const thumbUrl = (item: MediaItem): string => `${item.url}/thumb`;

/** The file name of a result's download, made from its prompt. */
export const downloadName = (tile: Pick<GalleryTile, 'job' | 'index' | 'kind'>): string =>
  resultFileName({
    prompt: tile.job.prompt,
    operation: tile.job.operation,
    handle: tile.job.id,
    index: tile.index,
    ext: tile.kind === 'video' ? 'mp4' : 'png',
  });
