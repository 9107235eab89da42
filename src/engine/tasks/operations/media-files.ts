import fs from 'node:fs/promises';
import path from 'node:path';

/** Media names carry the job id, as the hosted service's do: `<job_id>_<n>.png`. */
export const imageFile = (jobId: string, n: number, ext: ImageExtension = 'png'): string =>
  `${jobId}_${n}.${ext}`;
export const gridFile = (jobId: string): string => `${jobId}_grid.png`;

/** The names the files route serves; anything else is not a media file of ours. */
export const MEDIA_NAME_RE =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})_(\d{1,2}|grid)\.(png|jpg|tiff)$/;

/** The content type an image file is served as, by its extension. */
export const IMAGE_TYPES = { png: 'image/png', jpg: 'image/jpeg', tiff: 'image/tiff' } as const;
export type ImageExtension = keyof typeof IMAGE_TYPES;

/**
 * Writes through a temporary name and renames, so a reader (or a crash) never sees half
 * a PNG; a re-run attempt simply replaces the file.
 */
export async function writeMedia(filesDir: string, file: string, data: Buffer): Promise<void> {
  const target = path.join(filesDir, file);
  const tmp = `${target}.${process.pid}.tmp`;
  await fs.writeFile(tmp, data);
  await fs.rename(tmp, target);
}

export const readMedia = (filesDir: string, file: string): Promise<Buffer> =>
  fs.readFile(path.join(filesDir, file));
