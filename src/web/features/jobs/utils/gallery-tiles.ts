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

/**
 * The gallery's tiles: every image and clip of the jobs, newest job first and in their
 * order within a job. Jobs with nothing to show (running, failed, text) give none.
 */
export function galleryTiles(jobs: readonly Job[]): GalleryTile[] {
  const tiles: GalleryTile[] = [];
  for (const job of jobs) {
    if (job.status !== 'completed' || !job.output) continue;
    const videos = job.output.videos;
    const kind = videos.length > 0 ? 'video' : 'image';
    const items = kind === 'video' ? videos : viewableImages(job);
    items.forEach((item, index) =>
      tiles.push({ key: `${job.id}/${index}`, job, kind, index, item }),
    );
  }
  return tiles;
}

/** The small WebP the studio makes of an output image (`/media/<handle>/<n>/thumb`). */
export const thumbUrl = (item: MediaItem): string => `${item.url}/thumb`;

/**
 * A file name for a download made from the prompt: its first words without flags or
 * URLs, safe on every file system, with the job's handle and the image's number.
 */
export function downloadName(tile: Pick<GalleryTile, 'job' | 'index' | 'kind'>): string {
  const words = tile.job.prompt
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/(^|\s)--\S+(\s+[^-\s]\S*)?/g, ' ')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .match(/[a-z0-9]+/g);
  const stem = (words ?? [tile.job.operation]).join('-').slice(0, 60).replace(/-+$/, '');
  const ext = tile.kind === 'video' ? 'mp4' : 'png';
  return `${stem}-${tile.job.id}-${tile.index + 1}.${ext}`;
}
